import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { FORM_BYTES, PHOTOS_BYTES, SMALL_JSON_BYTES } from "./body-limit";

const caddyfile = readFileSync(path.join(import.meta.dirname, "../deploy/Caddyfile"), "utf8");
const MiB = 1024 * 1024;
const UNITS: Record<string, number> = { B: 1, KB: 1000, KIB: 1024, MB: 1000 ** 2, MIB: MiB };

/** Caddy's `request_body { max_size }` in the site block, in bytes (comments left out). */
function caddyBodyLimit(text: string): number | undefined {
  const lines = text
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .join("\n");
  const match = /request_body\s*\{[^}]*\bmax_size\s+(\d+)\s*([a-z]*)/i.exec(lines);
  if (!match) return undefined;
  const unit = UNITS[(match[2] || "B").toUpperCase()];
  return unit === undefined ? undefined : Number(match[1]) * unit;
}

describe("the Caddyfile's body limit", () => {
  test("is set, at least the shop's largest body, and at most a few MB over it", () => {
    const limit = caddyBodyLimit(caddyfile);
    expect(limit, "deploy/Caddyfile sets request_body max_size").toBeDefined();
    const largest = Math.max(SMALL_JSON_BYTES, FORM_BYTES, PHOTOS_BYTES);
    expect(limit).toBeGreaterThanOrEqual(largest);
    expect(limit).toBeLessThanOrEqual(largest + 4 * MiB);
  });

  test("reads the directive only where it is written, not in a comment", () => {
    expect(caddyBodyLimit("# request_body { max_size 33MiB }\nsite {\n}")).toBeUndefined();
    expect(caddyBodyLimit("site {\n\trequest_body {\n\t\tmax_size 2MB\n\t}\n}")).toBe(2_000_000);
  });
});

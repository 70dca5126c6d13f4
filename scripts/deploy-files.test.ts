import fs from "node:fs";
import { describe, expect, test } from "vitest";

// The deploy files as written: what a container or a plain server runs. The steps themselves are
// followed by scripts/check-deploy.sh; these read the files for what that script cannot run here.
const read = (file: string) => fs.readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

/** The Dockerfile's stages: each FROM line and the instructions under it (continuations joined). */
function stages(dockerfile: string) {
  const lines = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const found: { from: string; steps: string[] }[] = [];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) found.push({ from: line, steps: [] });
    else found.at(-1)?.steps.push(line);
  }
  return found;
}

describe("the Dockerfile", () => {
  const [build, runtime, ...more] = stages(read("Dockerfile"));

  test("builds in one stage and runs in a second on the Node of .nvmrc", () => {
    expect(more).toEqual([]);
    expect(build?.from).toMatch(/ AS build$/);
    const major = read(".nvmrc").trim().split(".")[0];
    expect(runtime?.from).toBe(`FROM node:${major}-bookworm-slim`);
  });

  test("the runtime stage has one Node: the image's, never the npm package's second runtime", () => {
    const steps = runtime!.steps;
    // Only the production files are taken from the build, never its node_modules.
    const copies = steps.filter((s) => s.startsWith("COPY"));
    expect(copies).toEqual(["COPY --from=build /app ./"]);
    expect(read("scripts/production-files.sh")).not.toMatch(/\bnode_modules\b.*"\$dest/);
    const install = steps.find((s) => s.startsWith("RUN npm ci"));
    expect(install).toContain("--omit=dev");
    expect(install).toMatch(/&&\s+rm -rf node_modules\/node node_modules\/\.bin\/node\s+&&/);
    const cmd = steps.find((s) => s.startsWith("CMD"));
    expect(JSON.parse(cmd!.slice(3))).toEqual([
      "node",
      "--liftoff-only",
      "--max-semi-space-size=16",
      "server.js",
    ]);
    expect(steps.join("\n")).not.toContain('node_modules/.bin/node"');
  });
});

describe("the plain server's files", () => {
  const unit = read("deploy/amani-shop.service");

  test("the service's own settings are not overridden by a copied .env.example", () => {
    const fixed = [...unit.matchAll(/^Environment=(\w+)=/gm)].map((m) => m[1]);
    expect(fixed).toEqual(["NODE_ENV", "HOST", "PORT", "DATA_DIR"]);
    const example = read(".env.example");
    for (const name of fixed) expect(example).not.toMatch(new RegExp(`^${name}=`, "m"));
  });

  test("the documented steps copy only what is in the folder they run from", () => {
    const doc = read("docs/deployment.md");
    const steps = doc.split("<!-- systemd-steps")[1]?.split("```sh\n")[1]?.split("```")[0] ?? "";
    expect(steps).not.toMatch(/^cd /m);
    for (const [, file] of steps.matchAll(
      /(?:cp|install -m \d+) ((?:\.env\.example|deploy\/[\w.-]+))/g,
    )) {
      expect(fs.existsSync(new URL(`../${file}`, import.meta.url)), file).toBe(true);
    }
    expect(steps).toContain("deploy/amani-shop.service");
  });
});

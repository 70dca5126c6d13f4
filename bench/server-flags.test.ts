import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_FLAGS } from "./shop-process";

// The benchmark measures the shop as production starts it: every way of starting it in
// production gives Node the same flags.
describe("Node's flags for the shop", () => {
  const flags = SERVER_FLAGS.join(" ");
  const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts;

  it.each(["start", "serve", "serve:test"])("npm run %s starts the server with them", (name) => {
    expect(scripts[name]).toMatch(
      new RegExp(`node ${flags} (--env-file-if-exists=\\.env )?server\\.js$`),
    );
  });

  it("the Dockerfile, the systemd unit and the production smoke test start it with them", () => {
    const quoted = SERVER_FLAGS.map((flag) => `"${flag}"`).join(", ");
    // The image starts its base's Node (it carries no second runtime, decision 64).
    expect(fs.readFileSync("Dockerfile", "utf8")).toContain(`CMD ["node", ${quoted}, "server.js"]`);
    expect(fs.readFileSync("deploy/amani-shop.service", "utf8")).toContain(
      `node ${flags} server.js`,
    );
    expect(fs.readFileSync("scripts/production-smoke.sh", "utf8")).toContain(
      `"$node" ${flags} server.js`,
    );
  });
});

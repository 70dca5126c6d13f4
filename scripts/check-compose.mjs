// compose.yaml's structure, for a machine without Compose (scripts/check-deploy.sh): the forms
// that docker-compose 1.29 and Docker Compose v2 both read. Reads the file by its indentation
// (two spaces a level), which is how it is written; Compose itself checks the rest where it runs.
import fs from "node:fs";

const file = process.argv[2] ?? "compose.yaml";
const lines = fs
  .readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.trimStart().startsWith("#"));
const problems = [];
const top = lines.filter((l) => /^\S/.test(l)).map((l) => l.replace(/:.*/, ""));
if (top.includes("version"))
  problems.push("a top-level version: key (Compose v2 warns, and it is not needed)");
for (const key of top)
  if (!["services", "volumes"].includes(key)) problems.push(`unknown top-level key ${key}`);

const services = new Map();
let current;
for (const line of lines) {
  const service = line.match(/^ {2}([\w-]+):\s*$/);
  if (
    service &&
    lines.indexOf(line) > lines.indexOf("services:") &&
    (!top.includes("volumes") || lines.indexOf(line) < lines.indexOf("volumes:"))
  ) {
    current = { name: service[1], body: [] };
    services.set(current.name, current);
  } else if (current && /^ {4}/.test(line)) current.body.push(line);
  else if (/^\S/.test(line)) current = undefined;
}
if (services.size === 0) problems.push("no services");
for (const { name, body } of services.values()) {
  const keys = body.filter((l) => /^ {4}\w/.test(l)).map((l) => l.trim().replace(/:.*/, ""));
  if (!keys.includes("image") && !keys.includes("build"))
    problems.push(`${name}: neither image nor build`);
  const envFile = body.find((l) => /^ {4}env_file:/.test(l));
  if (envFile && !/^ {4}env_file: \S+$/.test(envFile)) {
    problems.push(`${name}: env_file in the long form (path:/required:), which needs Compose 2.24`);
  }
  const dependsAt = body.findIndex((l) => /^ {4}depends_on:/.test(l));
  if (dependsAt >= 0) {
    for (const l of body.slice(dependsAt + 1)) {
      if (!/^ {6}/.test(l)) break;
      const dependency = l.match(/^ {6}([\w-]+):\s*$/);
      if (
        dependency &&
        !services.has(dependency[1]) &&
        !lines.some((x) => x === `  ${dependency[1]}:`)
      ) {
        problems.push(`${name}: depends on ${dependency[1]}, which is not a service`);
      }
      const condition = l.match(/condition: (\S+)/)?.[1];
      if (
        condition &&
        !["service_started", "service_healthy", "service_completed_successfully"].includes(
          condition,
        )
      ) {
        problems.push(`${name}: unknown depends_on condition ${condition}`);
      }
    }
  }
}
if (problems.length) {
  console.error(`${file}:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`${file}: ${services.size} services, in forms Compose 1.29 and v2 both read`);

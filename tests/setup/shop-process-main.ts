// A shop process without its HTTP server, for tests about background work across processes: the
// same boot() as server.js (configuration, database, jobs, the message sender), then "ready" on
// stdout; SIGTERM stops it as the server stops (shutdown(), exit 0).
import { boot, shutdown } from "~/boot.server";

await boot();
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  shutdown().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});

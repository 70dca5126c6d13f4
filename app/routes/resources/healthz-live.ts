/**
 * Liveness: 200 whenever the process's event loop runs, whatever the database or disk. For
 * restart decisions (a container health check): restarting cures a stuck process, not a full
 * disk, which `/healthz` reports.
 */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}

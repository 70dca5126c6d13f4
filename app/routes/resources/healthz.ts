import { getDatabase } from "~/db/client.server";
import { checkReadiness } from "~/modules/health/readiness.server";
import { getMediaStorage } from "~/modules/media/storage.server";
import { logger } from "~/utils/logger.server";

const headers = { "Cache-Control": "no-store" };

/**
 * Readiness, for uptime checks and load balancers: 200 when the database and media storage both
 * accept writes, 503 naming what failed otherwise. `/healthz/live` answers for the process alone.
 */
export async function loader() {
  try {
    const { ready, checks } = await checkReadiness(getDatabase(), getMediaStorage());
    if (ready) return Response.json({ status: "ok", checks }, { headers });
    const failed = Object.entries(checks)
      .filter(([, state]) => state === "failed")
      .map(([part]) => part);
    return Response.json({ status: "unavailable", failed, checks }, { status: 503, headers });
  } catch (error) {
    // Not booted (or shut down): nothing to check.
    logger.error({ err: error }, "health check: the shop is not started");
    return Response.json(
      { status: "unavailable", failed: ["database", "storage"] },
      { status: 503, headers },
    );
  }
}

import { checkReadiness } from "~/modules/health/readiness.server";
import { servicesContext } from "~/services.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/healthz";

const headers = { "Cache-Control": "no-store" };

/**
 * Readiness, for uptime checks and load balancers: 200 when the database and media storage both
 * accept writes, 503 naming what failed otherwise. `/healthz/live` answers for the process alone.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const { database, media } = context.get(servicesContext);
    const { ready, checks } = await checkReadiness(database, media);
    if (ready) return Response.json({ status: "ok", checks }, { headers });
    const failed = Object.entries(checks)
      .filter(([, state]) => state === "failed")
      .map(([part]) => part);
    return Response.json({ status: "unavailable", failed, checks }, { status: 503, headers });
  } catch (error) {
    // No services in the load context (the shop is not started): nothing to check.
    logger.error({ err: error }, "health check: the shop is not started");
    return Response.json(
      { status: "unavailable", failed: ["database", "storage"] },
      { status: 503, headers },
    );
  }
}

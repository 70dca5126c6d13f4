import { getDatabase } from "~/db/client.server";
import { logger } from "~/utils/logger.server";

/** 200 when the database answers, 503 otherwise: for load balancers and uptime checks. */
export async function loader() {
  try {
    await getDatabase().ping();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "health check: database unavailable");
    return Response.json(
      { status: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}

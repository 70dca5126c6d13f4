import { data } from "react-router";
import { logger } from "~/utils/logger.server";

/**
 * Runs a storefront page's database work. If the database fails, the failure is logged and the
 * page answers 503 with a friendly "we'll be right back" page, never a stack and never an empty
 * shop that looks as if it sold nothing.
 */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "database unavailable for a storefront page");
    throw data({ reason: "database unavailable" }, { status: 503 });
  }
}

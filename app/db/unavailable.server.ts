import { data } from "react-router";
import { logger } from "~/utils/logger.server";
import { classifyDatabaseFailure, INPUT_REJECTED } from "./database-errors";

/**
 * Runs a storefront page's database work. If the database is unreachable, the failure is logged
 * and the page answers 503 with a friendly "we'll be right back" page, never a stack and never an
 * empty shop that looks as if it sold nothing. A query refused for the values the request carried
 * is the request's fault (400); any other failure is a bug and stays a 500.
 */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = classifyDatabaseFailure(error);
    if (failure === "rejected input") {
      logger.warn({ err: error }, "a storefront query was refused for its input");
      throw data(INPUT_REJECTED, { status: 400 });
    }
    if (failure === "bug") throw error;
    logger.error({ err: error }, "database unavailable for a storefront page");
    throw data({ reason: "database unavailable" }, { status: 503 });
  }
}

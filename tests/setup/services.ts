import type { DatabaseHandle } from "~/db/client.server";
import { createServices, requestContext, type Services } from "~/services.server";
import { type Env, getEnv } from "~/utils/env.server";
import { tempDir } from "./temp-dir";

/**
 * The shop's services on a test's database, made by the same function as the server's: the
 * test's own media storage, auth or payment providers where given, the configured kind otherwise
 * (media storage then in a fresh temporary folder).
 */
export function testServices(
  database: DatabaseHandle,
  given: Partial<Omit<Services, "database" | "db">> = {},
  env: Env = getEnv(),
): Promise<Services> {
  return createServices({ ...env, DATA_DIR: tempDir("services") }, { database, ...given });
}

/**
 * A loader's or action's arguments as the server hands them over: the request, its route
 * parameters, and the load context with `services` and the client's address.
 */
export function routeArgs<Args>(
  services: Services,
  request: Request,
  options: { clientAddress?: string; params?: Record<string, string> } = {},
): Args {
  const context = requestContext(services, options.clientAddress);
  return { request, params: options.params ?? {}, context } as Args;
}

import pino from "pino";

/**
 * One JSON line per event on stdout. The level is set from LOG_LEVEL when the settings are read
 * (boot.server.ts, the command line); test runs set their own.
 */
export const logger = pino({
  level: "info",
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "password"],
});

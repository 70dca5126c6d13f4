import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const message = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
};

describe("configuration", () => {
  test("has working defaults: port 3000, ./data, PGlite, demo payments", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve("data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DEMO_PAYMENTS).toBe(true);
  });

  test("a bad PORT names the variable and what it expects, on one line", () => {
    expect(message({ PORT: "abc" })).toBe(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").',
    );
    expect(message({ PORT: "70000" })).toMatch(/^Invalid configuration: PORT must be/);
  });

  test("a malformed DATABASE_URL is refused", () => {
    expect(message({ DATABASE_URL: "mysql://x" })).toBe(
      'Invalid configuration: DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/shop (got "mysql://x").',
    );
  });

  test("ADMIN_EMAIL needs ADMIN_PASSWORD, and real Pesapal keys need PESAPAL_ENV", () => {
    expect(message({ ADMIN_EMAIL: "owner@example.com" })).toMatch(
      /^Invalid configuration: ADMIN_PASSWORD must be set together/,
    );
    expect(message({ PESAPAL_CONSUMER_KEY: "k", PESAPAL_CONSUMER_SECRET: "s" })).toBe(
      "Invalid configuration: PESAPAL_ENV must be sandbox or live when Pesapal keys are set.",
    );
    expect(message({ PESAPAL_ENV: "production" })).toBe(
      'Invalid configuration: PESAPAL_ENV must be sandbox or live (got "production").',
    );
  });

  test("with Pesapal keys and PESAPAL_ENV, payments are real", () => {
    const env = parseEnv({
      PESAPAL_CONSUMER_KEY: "k",
      PESAPAL_CONSUMER_SECRET: "s",
      PESAPAL_ENV: "live",
      PUBLIC_URL: "https://shop.example.co.ke/",
    });
    expect(env.DEMO_PAYMENTS).toBe(false);
    expect(env.PUBLIC_URL).toBe("https://shop.example.co.ke");
  });
});

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

  test("secrets are never echoed back: passwords, keys and a URL's password", () => {
    const short = message({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "hunter2" });
    expect(short).toMatch(/^Invalid configuration: ADMIN_PASSWORD must be/);
    expect(short).not.toContain("hunter2");
    const url = message({ DATABASE_URL: "mysql://shop:s3cret-pass@db:3306/shop" });
    expect(url).toContain('(got "mysql://shop:***@db:3306/shop")');
    expect(url).not.toContain("s3cret-pass");
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

  test("media stays on disk unless S3_BUCKET is set", () => {
    const env = parseEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe("us-east-1");
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
  });

  test("S3_BUCKET with keys configures the bucket; path style by default with an endpoint", () => {
    const keys = { S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    const aws = parseEnv({ S3_BUCKET: "amani-media", S3_REGION: "eu-west-1", ...keys });
    expect(aws).toMatchObject({
      S3_BUCKET: "amani-media",
      S3_REGION: "eu-west-1",
      S3_FORCE_PATH_STYLE: false,
    });
    expect(aws.S3_ENDPOINT).toBeUndefined();
    expect(aws.S3_PREFIX).toBeUndefined();

    const minio = parseEnv({
      S3_BUCKET: "amani-media",
      S3_ENDPOINT: "http://localhost:9000",
      S3_PREFIX: "shop/",
      ...keys,
    });
    expect(minio).toMatchObject({
      S3_ENDPOINT: "http://localhost:9000",
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: "shop/",
    });
    const r2 = parseEnv({
      S3_BUCKET: "amani-media",
      S3_ENDPOINT: "https://abc.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      S3_FORCE_PATH_STYLE: "false",
      ...keys,
    });
    expect(r2.S3_FORCE_PATH_STYLE).toBe(false);
  });

  test("S3_BUCKET without its keys names each missing one", () => {
    expect(message({ S3_BUCKET: "amani-media" })).toBe(
      [
        "Invalid configuration: S3_ACCESS_KEY_ID must be set when S3_BUCKET is set.",
        "Invalid configuration: S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set.",
      ].join("\n"),
    );
    expect(message({ S3_BUCKET: "amani-media", S3_ACCESS_KEY_ID: "id" })).toBe(
      "Invalid configuration: S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set.",
    );
  });

  test("S3 settings without S3_BUCKET are refused, so images never go to disk by mistake", () => {
    expect(message({ S3_ENDPOINT: "http://localhost:9000", S3_ACCESS_KEY_ID: "id" })).toBe(
      "Invalid configuration: S3_BUCKET must be set to use S3_ENDPOINT, S3_ACCESS_KEY_ID (without it, images are stored in DATA_DIR/media).",
    );
    // Empty values, as in a copied .env.example, mean "not set".
    expect(parseEnv({ S3_BUCKET: "", S3_ENDPOINT: "", S3_REGION: "" }).S3_BUCKET).toBeUndefined();
  });

  test("malformed S3 values are refused with what is expected", () => {
    const keys = { S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(message({ S3_BUCKET: "Amani_Media", ...keys })).toBe(
      'Invalid configuration: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens (got "Amani_Media").',
    );
    expect(message({ S3_BUCKET: "amani-media", S3_ENDPOINT: "localhost:9000", ...keys })).toMatch(
      /^Invalid configuration: S3_ENDPOINT must be an http\(s\) URL of the S3-compatible store/,
    );
    expect(message({ S3_BUCKET: "amani-media", S3_FORCE_PATH_STYLE: "maybe", ...keys })).toBe(
      'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "maybe").',
    );
    expect(message({ S3_BUCKET: "amani-media", S3_REGION: "EU West", ...keys })).toMatch(
      /^Invalid configuration: S3_REGION must be a region such as us-east-1/,
    );
    for (const prefix of ["../other", "/shop", "a//b", "shop media"]) {
      expect(message({ S3_BUCKET: "amani-media", S3_PREFIX: prefix, ...keys })).toMatch(
        /^Invalid configuration: S3_PREFIX must be a key prefix such as shop\//,
      );
    }
  });
});

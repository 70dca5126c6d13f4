import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, parseSettings, publicConfig } from "~/settings.server";

const message = (source: Record<string, string>) => {
  try {
    parseSettings(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
};

describe("configuration", () => {
  test("has working defaults: port 3000, ./data, PGlite, demo payments", () => {
    const env = parseSettings({});
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
    const env = parseSettings({
      PESAPAL_CONSUMER_KEY: "k",
      PESAPAL_CONSUMER_SECRET: "s",
      PESAPAL_ENV: "live",
      PUBLIC_URL: "https://shop.example.co.ke/",
    });
    expect(env.DEMO_PAYMENTS).toBe(false);
    expect(env.PUBLIC_URL).toBe("https://shop.example.co.ke");
  });

  test("a public production shop without Pesapal keys starts only when DEMO_PAYMENTS=true says a demo is meant", () => {
    const publicShop = { NODE_ENV: "production", PUBLIC_URL: "https://shop.example.co.ke" };
    expect(message(publicShop)).toBe(
      "Invalid configuration: DEMO_PAYMENTS must be true to take orders without Pesapal keys, where every payment is only simulated; for real payments set PESAPAL_CONSUMER_KEY, PESAPAL_CONSUMER_SECRET and PESAPAL_ENV instead.",
    );
    expect(message({ ...publicShop, DEMO_PAYMENTS: "false" })).toMatch(
      /^Invalid configuration: DEMO_PAYMENTS must be true to take orders without Pesapal keys/,
    );
    expect(parseSettings({ ...publicShop, DEMO_PAYMENTS: "true" }).DEMO_PAYMENTS).toBe(true);
    // On this machine (npm start, the browser tests) the demo needs no say-so.
    for (const local of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
      expect(parseSettings({ NODE_ENV: "production", PUBLIC_URL: local }).DEMO_PAYMENTS).toBe(true);
    }
    expect(parseSettings({ NODE_ENV: "production" }).DEMO_PAYMENTS).toBe(true);
    // Keys mean real payments: a demo flag beside them is a contradiction.
    expect(
      message({
        ...publicShop,
        PESAPAL_CONSUMER_KEY: "k",
        PESAPAL_CONSUMER_SECRET: "s",
        PESAPAL_ENV: "live",
        DEMO_PAYMENTS: "true",
      }),
    ).toBe(
      'Invalid configuration: DEMO_PAYMENTS must be left unset when Pesapal keys are set (keys mean real payments) (got "true").',
    );
  });

  test("behind a reverse proxy the shop listens on loopback, unless HOST says otherwise", () => {
    expect(parseSettings({}).HOST).toBe("0.0.0.0");
    expect(parseSettings({ TRUST_PROXY: "1" }).HOST).toBe("127.0.0.1");
    expect(parseSettings({ TRUST_PROXY: "loopback" }).HOST).toBe("127.0.0.1");
    expect(parseSettings({ TRUST_PROXY: "1", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseSettings({ HOST: "::" }).HOST).toBe("::");
  });

  test("TRUST_PROXY takes a number of proxies or their addresses, never true", () => {
    expect(parseSettings({}).TRUST_PROXY).toBe(false);
    expect(parseSettings({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseSettings({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseSettings({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseSettings({ TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    expect(parseSettings({ TRUST_PROXY: "203.0.113.7" }).TRUST_PROXY).toEqual(["203.0.113.7"]);
    // An IPv4-mapped address or range is given to Express as the IPv4 it is.
    expect(
      parseSettings({ TRUST_PROXY: "::ffff:203.0.113.7, ::ffff:198.51.100.0/120" }).TRUST_PROXY,
    ).toEqual(["203.0.113.7", "198.51.100.0/24"]);
    // Private and local ranges are no internet client's: a proxy network may name them all.
    expect(
      parseSettings({ TRUST_PROXY: "loopback,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,11.0.0.0/8" })
        .TRUST_PROXY,
    ).toHaveLength(5);
    expect(parseSettings({ TRUST_PROXY: "5" }).TRUST_PROXY).toBe(5);
    // A count longer than any real chain, or a range of every address, trusts whatever the
    // client writes: refused in one line, like true.
    for (const wrong of [
      "true",
      "yes",
      "*",
      "10.0.0.0/33",
      "proxy.example.com",
      "1,2",
      "6",
      "99",
      "0.0.0.0/0",
      "::/0",
      "loopback, 0.0.0.0/0",
      "128.0.0.0/1",
      "10.0.0.0/7",
      // Every IPv4 client, as a dual-stack socket names them, or in IPv4's own words.
      "::ffff:0.0.0.0/96",
      "::ffff:0:0/96",
      "::/8",
      // Many /8s, each allowed alone, are together most of the internet.
      Array.from({ length: 256 }, (_, i) => `${i}.0.0.0/8`).join(","),
      "11.0.0.0/8,12.0.0.0/8",
    ]) {
      const line = message({ TRUST_PROXY: wrong });
      expect(line).toBe(
        `Invalid configuration: TRUST_PROXY must be the number of reverse proxies in front of the shop (1 for one nginx or Caddy, at most 5) or their addresses (IPs, CIDRs of /8 or narrower, or loopback; all together no more public addresses than one /8), never true or a range of every address, which would let any client choose its own address (got ${JSON.stringify(wrong)}).`,
      );
      expect(line).not.toContain("\n");
    }
  });

  test("media stays on disk unless S3_BUCKET is set", () => {
    const env = parseSettings({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe("us-east-1");
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
  });

  test("S3_BUCKET with keys configures the bucket; path style by default with an endpoint", () => {
    const keys = { S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    const aws = parseSettings({ S3_BUCKET: "amani-media", S3_REGION: "eu-west-1", ...keys });
    expect(aws).toMatchObject({
      S3_BUCKET: "amani-media",
      S3_REGION: "eu-west-1",
      S3_FORCE_PATH_STYLE: false,
    });
    expect(aws.S3_ENDPOINT).toBeUndefined();
    expect(aws.S3_PREFIX).toBeUndefined();

    const minio = parseSettings({
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
    const r2 = parseSettings({
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
    expect(
      parseSettings({ S3_BUCKET: "", S3_ENDPOINT: "", S3_REGION: "" }).S3_BUCKET,
    ).toBeUndefined();
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

  test("FREE_DELIVERY_OVER: 5000 shillings by default, any whole number, 0 for no offer", () => {
    expect(parseSettings({}).FREE_DELIVERY_OVER).toBe(5000);
    expect(publicConfig(parseSettings({})).freeDeliveryOver).toBe(5000);
    expect(parseSettings({ FREE_DELIVERY_OVER: "" }).FREE_DELIVERY_OVER).toBe(5000);
    expect(parseSettings({ FREE_DELIVERY_OVER: "7500" }).FREE_DELIVERY_OVER).toBe(7500);
    expect(publicConfig(parseSettings({ FREE_DELIVERY_OVER: "0" })).freeDeliveryOver).toBe(0);
    for (const bad of ["-1", "5,000", "KSh 5000", "49.50", "abc", "12345678"]) {
      expect(message({ FREE_DELIVERY_OVER: bad })).toBe(
        `Invalid configuration: FREE_DELIVERY_OVER must be a whole number of shillings (5000 by default), or 0 for no free delivery (got ${JSON.stringify(bad)}).`,
      );
    }
  });

  test("PAGE_CACHE_MB: 32 megabytes by default, 0 for none, a whole number", () => {
    expect(parseSettings({}).PAGE_CACHE_MB).toBe(32);
    expect(parseSettings({ PAGE_CACHE_MB: "0" }).PAGE_CACHE_MB).toBe(0);
    expect(parseSettings({ PAGE_CACHE_MB: "128" }).PAGE_CACHE_MB).toBe(128);
    for (const bad of ["-1", "1.5", "lots", "100000"]) {
      expect(message({ PAGE_CACHE_MB: bad })).toBe(
        `Invalid configuration: PAGE_CACHE_MB must be a whole number of megabytes (32 by default), or 0 to keep none (got ${JSON.stringify(bad)}).`,
      );
    }
  });

  test("social links: unset gives the network's page, a URL replaces it, empty hides it", () => {
    const shown = publicConfig(parseSettings({}));
    expect(shown.instagramUrl).toBe("https://www.instagram.com/");
    expect(shown.tiktokUrl).toBe("https://www.tiktok.com/");
    const config = publicConfig(
      parseSettings({
        SHOP_INSTAGRAM_URL: "https://www.instagram.com/amaniprints",
        SHOP_FACEBOOK_URL: "",
        SHOP_TIKTOK_URL: "",
      }),
    );
    expect(config.instagramUrl).toBe("https://www.instagram.com/amaniprints");
    expect(config.facebookUrl).toBeUndefined();
    expect(config.tiktokUrl).toBeUndefined();
    expect(message({ SHOP_TIKTOK_URL: "tiktok.com/@amani" })).toBe(
      'Invalid configuration: SHOP_TIKTOK_URL must be an http(s) URL of the shop\'s TikTok page, or empty to hide the link (got "tiktok.com/@amani").',
    );
  });

  test("METRICS_TOKEN is off by default, at least 16 characters, and never echoed", () => {
    expect(parseSettings({}).METRICS_TOKEN).toBeUndefined();
    expect(parseSettings({ METRICS_TOKEN: "a".repeat(16) }).METRICS_TOKEN).toBe("a".repeat(16));
    const short = message({ METRICS_TOKEN: "letmein" });
    expect(short).toBe(
      "Invalid configuration: METRICS_TOKEN must be a random string of at least 16 characters.",
    );
  });

  test("STOCK_HOLD_MINUTES is 15 by default, a whole number of minutes from 1 to 1440", () => {
    expect(parseSettings({}).STOCK_HOLD_MINUTES).toBe(15);
    expect(parseSettings({ STOCK_HOLD_MINUTES: "45" }).STOCK_HOLD_MINUTES).toBe(45);
    for (const bad of ["0", "1.5", "half an hour", "2000"]) {
      expect(message({ STOCK_HOLD_MINUTES: bad })).toBe(
        `Invalid configuration: STOCK_HOLD_MINUTES must be a whole number of minutes from 1 to 1440 (got ${JSON.stringify(bad)}).`,
      );
    }
  });

  test("one shopper may hold 30 pieces and one address 2% of the shop by default, each a whole number", () => {
    const settings = parseSettings({});
    expect([settings.STOCK_HOLD_PER_SHOPPER, settings.STOCK_HOLD_PER_ADDRESS]).toEqual([30, 2]);
    expect(parseSettings({ STOCK_HOLD_PER_SHOPPER: "100" }).STOCK_HOLD_PER_SHOPPER).toBe(100);
    expect(message({ STOCK_HOLD_PER_SHOPPER: "0" })).toBe(
      'Invalid configuration: STOCK_HOLD_PER_SHOPPER must be a whole number of pieces from 1 to 100000 (got "0").',
    );
    expect(message({ STOCK_HOLD_PER_ADDRESS: "150" })).toBe(
      'Invalid configuration: STOCK_HOLD_PER_ADDRESS must be a whole number of percent from 0 to 100 (got "150").',
    );
  });

  test("M-Pesa Express: keys with a shortcode, passkey and environment; a Till needs its number; live needs https", () => {
    const keys = { MPESA_CONSUMER_KEY: "ck", MPESA_CONSUMER_SECRET: "cs" };
    expect(message(keys).split("\n")).toEqual([
      "Invalid configuration: MPESA_SHORTCODE must be set when M-Pesa Express keys are set.",
      "Invalid configuration: MPESA_PASSKEY must be set when M-Pesa Express keys are set.",
      "Invalid configuration: MPESA_ENV must be sandbox or live when M-Pesa Express keys are set.",
    ]);
    const paybill = {
      ...keys,
      MPESA_SHORTCODE: "174379",
      MPESA_PASSKEY: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
      MPESA_ENV: "sandbox",
    };
    expect(parseSettings(paybill)).toMatchObject({ MPESA_TYPE: "paybill", MPESA_ENV: "sandbox" });
    expect(message({ ...paybill, MPESA_TYPE: "till" })).toBe(
      "Invalid configuration: MPESA_TILL_NUMBER must be set when MPESA_TYPE is till (the number shoppers pay to).",
    );
    expect(message({ ...paybill, MPESA_TYPE: "buygoods" })).toBe(
      'Invalid configuration: MPESA_TYPE must be paybill or till (got "buygoods").',
    );
    expect(
      message({ ...paybill, MPESA_ENV: "live", PUBLIC_URL: "http://shop.example.co.ke" }),
    ).toBe(
      "Invalid configuration: PUBLIC_URL must be the shop's public https address when MPESA_ENV is live (Safaricom sends each payment's result there) (got \"http://shop.example.co.ke\").",
    );
    expect(message({ MPESA_SHORTCODE: "174379" })).toBe(
      "Invalid configuration: MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET must be set to use MPESA_SHORTCODE (without them, checkout offers M-Pesa Express only in demo mode).",
    );
    // The passkey is a secret: never echoed.
    expect(message({ ...paybill, MPESA_PASSKEY: "short" })).not.toContain("short");
  });

  test("Africa's Talking: username and key together; sender ID and base URL only with them", () => {
    const env = parseSettings({ AT_USERNAME: "amani", AT_API_KEY: "atsk_0123456789abcdef" });
    expect([env.AT_USERNAME, env.AT_SENDER_ID, env.AT_BASE_URL]).toEqual([
      "amani",
      undefined,
      undefined,
    ]);
    const key = message({ AT_API_KEY: "atsk_0123456789abcdef" });
    expect(key).toBe(
      "Invalid configuration: AT_USERNAME must be set together with the other of AT_USERNAME and AT_API_KEY.",
    );
    expect(key).not.toContain("atsk_");
    expect(message({ AT_USERNAME: "amani" })).toBe(
      "Invalid configuration: AT_API_KEY must be set together with the other of AT_USERNAME and AT_API_KEY.",
    );
    expect(message({ AT_SENDER_ID: "AMANI" })).toBe(
      "Invalid configuration: AT_USERNAME and AT_API_KEY must be set to use AT_SENDER_ID (without them, SMS stay in the outbox at /admin/messages).",
    );
    const both = { AT_USERNAME: "sandbox", AT_API_KEY: "k" };
    expect(message({ ...both, AT_SENDER_ID: "AMANI PRINTS KENYA" })).toBe(
      'Invalid configuration: AT_SENDER_ID must be a sender ID approved for your account (up to 11 letters or digits) or a short code (got "AMANI PRINTS KENYA").',
    );
    expect(message({ ...both, AT_BASE_URL: "api.africastalking.com" })).toMatch(
      /^Invalid configuration: AT_BASE_URL must be an http\(s\) URL of Africa's Talking's API/,
    );
    expect(
      parseSettings({ ...both, AT_SENDER_ID: "AMANI", AT_BASE_URL: "http://127.0.0.1:9000" }),
    ).toMatchObject({ AT_SENDER_ID: "AMANI", AT_BASE_URL: "http://127.0.0.1:9000" });
  });

  test("SMTP_URL is an smtp or smtps URL whose password is never echoed; MAIL_FROM needs it", () => {
    expect(parseSettings({ SMTP_URL: "smtps://shop:pw@smtp.example.com:465" }).SMTP_URL).toBe(
      "smtps://shop:pw@smtp.example.com:465",
    );
    expect(message({ SMTP_URL: "smtp.example.com" })).toBe(
      'Invalid configuration: SMTP_URL must be an SMTP URL such as smtps://user:password@smtp.example.com:465 (got "smtp.example.com").',
    );
    const https = message({ SMTP_URL: "https://shop:s3cret@smtp.example.com" });
    expect(https).toContain('(got "https://shop:***@smtp.example.com")');
    expect(https).not.toContain("s3cret");
    expect(message({ MAIL_FROM: "orders@amaniprints.co.ke" })).toBe(
      "Invalid configuration: SMTP_URL must be set to use MAIL_FROM (without it, emails stay in the outbox at /admin/messages).",
    );
    const smtp = { SMTP_URL: "smtp://localhost:2525" };
    for (const from of ["orders@amaniprints.co.ke", "Amani Prints <orders@amaniprints.co.ke>"]) {
      expect(parseSettings({ ...smtp, MAIL_FROM: from }).MAIL_FROM).toBe(from);
    }
    expect(message({ ...smtp, MAIL_FROM: "Amani Prints" })).toBe(
      'Invalid configuration: MAIL_FROM must be an address, or a name and address such as Amani Prints <orders@amaniprints.co.ke> (got "Amani Prints").',
    );
  });

  test("OWNER_PHONE is a Kenyan mobile number and OWNER_EMAIL an address", () => {
    for (const phone of ["0712345678", "254712345678", "+254112345678"]) {
      expect(parseSettings({ OWNER_PHONE: phone }).OWNER_PHONE).toBe(phone);
    }
    for (const bad of ["+447700900123", "0212345678", "071234567"]) {
      expect(message({ OWNER_PHONE: bad })).toBe(
        `Invalid configuration: OWNER_PHONE must be a Kenyan mobile number, e.g. 0712345678 (got ${JSON.stringify(bad)}).`,
      );
    }
    expect(message({ OWNER_EMAIL: "owner at shop" })).toBe(
      'Invalid configuration: OWNER_EMAIL must be an email address (got "owner at shop").',
    );
  });
});

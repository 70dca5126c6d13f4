import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isSafeKey } from "./safe-key";
import { StartupError } from "./startup-error";

/**
 * Every setting the shop reads, validated once at start-up. Each schema carries the sentence a
 * shop owner sees when the value is wrong, so a mistake prints one line, never a stack.
 */
const optionalUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: `an http(s) URL ${what}` }).optional();

/** A social link: unset gives the network's home page; set but empty (`SHOP_TIKTOK_URL=`) hides it. */
const socialUrl = (network: string, fallback: string) => {
  const error = `an http(s) URL of the shop's ${network} page, or empty to hide the link`;
  return z
    .union([z.literal(""), z.url({ protocol: /^https?$/, error })], { error })
    .default(fallback)
    .transform((url) => url || undefined);
};

/** Settings where an empty value means something (hide the link) rather than "not set". */
const EMPTY_MEANS_NONE = ["SHOP_INSTAGRAM_URL", "SHOP_FACEBOOK_URL", "SHOP_TIKTOK_URL"];

const yesNo = z.enum(["true", "false", "1", "0", "yes", "no"], { error: "true or false" });
const isYes = (v: string) => ["true", "1", "yes"].includes(v);

const flag = (fallback: boolean) =>
  yesNo.optional().transform((v) => (v === undefined ? fallback : isYes(v)));

/**
 * Which proxies may tell the shop a client's address (X-Forwarded-For), as Express's
 * `trust proxy` takes it: a number of hops, or the proxies' addresses. Never "everyone": then
 * any client could write its own address and walk past the per-address limits.
 */
const TRUST_PROXY_ERROR =
  "the number of reverse proxies in front of the shop (1 for one nginx or Caddy) or their addresses (IPs, CIDRs or loopback), never true, which would let any client choose its own address";
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [ip = "", bits, ...rest] = entry.split("/");
  const version = isIP(ip);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): number | string[] | false => {
    const given = value?.trim().toLowerCase();
    if (given === undefined || given === "false" || given === "no") return false;
    if (/^\d{1,2}$/.test(given)) return Number(given);
    const entries = given.split(",").map((e) => e.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_ERROR });
    return z.NEVER;
  });

/** Served only to this machine: a shop there is a developer's, never shoppers'. */
const isLocalUrl = (url: string) => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
};

/** smtp://host:587 (STARTTLS when offered) or smtps://host:465, with optional user:password@. */
const isSmtpUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
};

/** `orders@shop.co.ke` or `Amani Prints <orders@shop.co.ke>`. */
const isMailFrom = (value: string) => {
  const address = /^[^<>]*<([^<>\s]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return z.email().safeParse(address).success;
};

/** Media storage goes to a bucket when S3_BUCKET is set; these only matter with it. */
const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PREFIX",
] as const;

const schema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], {
        error: "development, production or test",
      })
      .default("development"),
    PORT: z.coerce
      .number({ error: "a whole number from 1 to 65535" })
      .int({ error: "a whole number from 1 to 65535" })
      .min(1, { error: "a whole number from 1 to 65535" })
      .max(65535, { error: "a whole number from 1 to 65535" })
      .default(3000),
    HOST: z.string().min(1, { error: "a host name or address to listen on" }).default("0.0.0.0"),
    DATA_DIR: z.string().min(1, { error: "a folder path" }).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/[^\s]+$/, {
        error: "a PostgreSQL URL such as postgres://user:password@host:5432/shop",
      })
      .refine((v) => URL.canParse(v), {
        error: "a PostgreSQL URL such as postgres://user:password@host:5432/shop",
      })
      .optional(),
    PUBLIC_URL: optionalUrl("where shoppers reach the shop, such as https://shop.example.co.ke"),
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    SEED_SAMPLE_CATALOGUE: flag(true),
    /** Enables routes that only the test suite uses (e.g. one that fails on purpose). */
    TEST_HOOKS: flag(false),
    /** Enables /__bench/static, the in-memory copy of a page that `npm run bench` compares with. */
    BENCH_HOOKS: flag(false),
    /** Megabytes of rendered storefront pages kept in memory for visitors without cookies; 0 keeps none. */
    PAGE_CACHE_MB: z
      .string()
      .regex(/^\d{1,4}$/, {
        error: "a whole number of megabytes (32 by default), or 0 to keep none",
      })
      .default("32")
      .transform(Number),

    SHOP_NAME: z.string().trim().min(1, { error: "the shop's name" }).default("Amani Prints"),
    SHOP_PHONE: z.string().trim().min(1, { error: "a phone number" }).default("+254 712 345 678"),
    SHOP_WHATSAPP: z
      .string()
      .regex(/^\+?[\d\s-]{9,20}$/, {
        error: "a WhatsApp number in international form, e.g. 254712345678",
      })
      .default("254712345678"),
    SHOP_EMAIL: z.email({ error: "an email address" }).default("hello@amaniprints.co.ke"),
    SHOP_LOCATION: z
      .string()
      .trim()
      .min(1, { error: "the shop's address" })
      .default("Milele Mall, Ngong, Nairobi"),
    SHOP_INSTAGRAM_URL: socialUrl("Instagram", "https://www.instagram.com/"),
    SHOP_FACEBOOK_URL: socialUrl("Facebook", "https://www.facebook.com/"),
    SHOP_TIKTOK_URL: socialUrl("TikTok", "https://www.tiktok.com/"),
    /** Delivery is free from this subtotal on (whole shillings); 0 makes no such offer. */
    FREE_DELIVERY_OVER: z
      .string()
      .regex(/^\d{1,7}$/, {
        error: "a whole number of shillings (5000 by default), or 0 for no free delivery",
      })
      .default("5000")
      .transform(Number),

    ADMIN_EMAIL: z.email({ error: "an email address" }).optional(),
    ADMIN_PASSWORD: z.string().min(10, { error: "at least 10 characters" }).optional(),
    AUTH_SECRET: z
      .string()
      .min(32, { error: "a random string of at least 32 characters" })
      .optional(),

    PESAPAL_CONSUMER_KEY: z.string().min(1, { error: "your Pesapal consumer key" }).optional(),
    PESAPAL_CONSUMER_SECRET: z
      .string()
      .min(1, { error: "your Pesapal consumer secret" })
      .optional(),
    PESAPAL_ENV: z.enum(["sandbox", "live"], { error: "sandbox or live" }).optional(),
    PESAPAL_BASE_URL: optionalUrl("of Pesapal's API, to override the one PESAPAL_ENV chooses"),
    PESAPAL_IPN_NOTIFICATION_TYPE: z.enum(["GET", "POST"], { error: "GET or POST" }).default("GET"),
    /** Says that a shop without Pesapal keys is meant to be a demo, where payments are simulated. */
    DEMO_PAYMENTS: yesNo.optional().transform((v) => (v === undefined ? v : isYes(v))),

    /** Africa's Talking SMS; without a username and key, SMS stay in the built-in outbox. */
    AT_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, {
        error: "your Africa's Talking app's username (sandbox for its sandbox)",
      })
      .optional(),
    AT_API_KEY: z.string().regex(/^\S+$/, { error: "your Africa's Talking API key" }).optional(),
    AT_SENDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,10}$/, {
        error: "a sender ID approved for your account (up to 11 letters or digits) or a short code",
      })
      .optional(),
    AT_BASE_URL: optionalUrl(
      "of Africa's Talking's API, to override the live one (or the sandbox for the username sandbox)",
    ),
    /** Email over SMTP; without it, emails stay in the built-in outbox. */
    SMTP_URL: z
      .string()
      .refine(isSmtpUrl, {
        error: "an SMTP URL such as smtps://user:password@smtp.example.com:465",
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .refine(isMailFrom, {
        error: "an address, or a name and address such as Amani Prints <orders@amaniprints.co.ke>",
      })
      .optional(),
    /** Where the owner's "New paid order" email goes; unset, to every admin account's address. */
    OWNER_EMAIL: z.email({ error: "an email address" }).optional(),
    /** Where the owner's "New paid order" SMS goes; unset, no owner SMS is sent. */
    OWNER_PHONE: z
      .string()
      .regex(/^(\+?254|0)[17]\d{8}$/, { error: "a Kenyan mobile number, e.g. 0712345678" })
      .optional(),

    /** How long a checkout holds its units for the payment; unpaid by then, they go back. */
    STOCK_HOLD_MINUTES: z.coerce
      .number({ error: "a whole number of minutes from 1 to 1440" })
      .int({ error: "a whole number of minutes from 1 to 1440" })
      .min(1, { error: "a whole number of minutes from 1 to 1440" })
      .max(1440, { error: "a whole number of minutes from 1 to 1440" })
      .default(30),

    /** Unset: no /metrics. Set: /metrics answers only `Authorization: Bearer <this token>`. */
    METRICS_TOKEN: z
      .string()
      .min(16, { error: "a random string of at least 16 characters" })
      .optional(),

    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: "a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
      })
      .optional(),
    S3_ENDPOINT: optionalUrl(
      "of the S3-compatible store, such as https://ACCOUNT_ID.r2.cloudflarestorage.com (unset for AWS S3)",
    ),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: "a region such as us-east-1 (auto for Cloudflare R2)" })
      .default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Unset: path-style addressing when S3_ENDPOINT is set (what most non-AWS stores need). */
    S3_FORCE_PATH_STYLE: yesNo.optional().transform((v) => (v === undefined ? v : isYes(v))),
    S3_PREFIX: z
      .string()
      .refine(isSafeKey, { error: "a key prefix such as shop/ (letters, digits and / _ . -)" })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "set together with the other of ADMIN_EMAIL and ADMIN_PASSWORD",
      });
    }
    if (Boolean(env.PESAPAL_CONSUMER_KEY) !== Boolean(env.PESAPAL_CONSUMER_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.PESAPAL_CONSUMER_KEY ? "PESAPAL_CONSUMER_SECRET" : "PESAPAL_CONSUMER_KEY"],
        message: "set together with the other of PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET",
      });
    }
    // A public shop without keys would take orders whose payments are only simulated: that
    // must be what the owner meant, not a forgotten setting.
    const publicShop =
      env.NODE_ENV === "production" && env.PUBLIC_URL !== undefined && !isLocalUrl(env.PUBLIC_URL);
    if (
      !env.PESAPAL_CONSUMER_KEY &&
      (env.DEMO_PAYMENTS === false || (publicShop && env.DEMO_PAYMENTS !== true))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_PAYMENTS"],
        message:
          "true to take orders without Pesapal keys, where every payment is only simulated; for real payments set PESAPAL_CONSUMER_KEY, PESAPAL_CONSUMER_SECRET and PESAPAL_ENV instead",
      });
    }
    if (env.PESAPAL_CONSUMER_KEY && env.DEMO_PAYMENTS === true) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_PAYMENTS"],
        message: "left unset when Pesapal keys are set (keys mean real payments)",
      });
    }
    if (env.PESAPAL_CONSUMER_KEY && !env.PESAPAL_ENV && !env.PESAPAL_BASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PESAPAL_ENV"],
        message: "sandbox or live when Pesapal keys are set",
      });
    }
    if (Boolean(env.AT_USERNAME) !== Boolean(env.AT_API_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.AT_USERNAME ? "AT_API_KEY" : "AT_USERNAME"],
        message: "set together with the other of AT_USERNAME and AT_API_KEY",
      });
    }
    if (env.S3_BUCKET) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) {
          ctx.addIssue({ code: "custom", path: [name], message: "set when S3_BUCKET is set" });
        }
      }
    }
  });

type RawEnv = z.infer<typeof schema>;

export type Env = Omit<RawEnv, "S3_FORCE_PATH_STYLE" | "DEMO_PAYMENTS"> & {
  PUBLIC_URL: string;
  DATA_DIR: string;
  S3_FORCE_PATH_STYLE: boolean;
  /** No Pesapal keys: payments go to the built-in sandbox emulator and every page says so. */
  DEMO_PAYMENTS: boolean;
};

export class ConfigError extends StartupError {}

const SECRET = /PASSWORD|SECRET|KEY|TOKEN/;

/** Parses the given variables; throws a ConfigError whose message has one line per mistake. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value (`PUBLIC_URL=` in a .env file) means "not set", except where it hides a link.
  const given = Object.fromEntries(
    Object.entries(source).filter(([name, v]) => v !== "" || EMPTY_MEANS_NONE.includes(name)),
  );
  const result = schema.safeParse(given);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "configuration");
        const got = source[name];
        // Secrets are never echoed: this line ends up in logs.
        const shown =
          got === undefined || SECRET.test(name)
            ? ""
            : ` (got ${JSON.stringify(got.replace(/(\/\/[^:/@]*:)[^@/]*@/, "$1***@"))})`;
        return `Invalid configuration: ${name} must be ${issue.message}${shown}.`;
      });
  // Provider settings without the provider would silently leave messages in the outbox.
  const straySms = ["AT_SENDER_ID", "AT_BASE_URL"].filter((name) => given[name] !== undefined);
  if (!given.AT_USERNAME && !given.AT_API_KEY && straySms.length > 0) {
    lines.push(
      `Invalid configuration: AT_USERNAME and AT_API_KEY must be set to use ${straySms.join(", ")} (without them, SMS stay in the outbox at /admin/messages).`,
    );
  }
  if (!given.SMTP_URL && given.MAIL_FROM !== undefined) {
    lines.push(
      "Invalid configuration: SMTP_URL must be set to use MAIL_FROM (without it, emails stay in the outbox at /admin/messages).",
    );
  }
  // S3 settings without a bucket would silently leave images on disk.
  const stray = S3_SETTINGS.filter((name) => given[name] !== undefined);
  if (!given.S3_BUCKET && stray.length > 0) {
    lines.push(
      `Invalid configuration: S3_BUCKET must be set to use ${stray.join(", ")} (without it, images are stored in DATA_DIR/media).`,
    );
  }
  if (!result.success || lines.length > 0) {
    throw new ConfigError([...new Set(lines)].join("\n"));
  }
  const env = result.data;
  return {
    ...env,
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    DEMO_PAYMENTS: !env.PESAPAL_CONSUMER_KEY,
  };
}

let current: Env | undefined;

/** The validated configuration; parsed from process.env on first use. */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}

/** The values that may reach the browser, and nothing else. */
export function getPublicConfig(env: Env = getEnv()) {
  return {
    shopName: env.SHOP_NAME,
    phone: env.SHOP_PHONE,
    whatsapp: env.SHOP_WHATSAPP.replace(/\D/g, ""),
    email: env.SHOP_EMAIL,
    location: env.SHOP_LOCATION,
    instagramUrl: env.SHOP_INSTAGRAM_URL,
    facebookUrl: env.SHOP_FACEBOOK_URL,
    tiktokUrl: env.SHOP_TIKTOK_URL,
    publicUrl: env.PUBLIC_URL,
    demoPayments: env.DEMO_PAYMENTS,
    freeDeliveryOver: env.FREE_DELIVERY_OVER,
  };
}

export type PublicConfig = ReturnType<typeof getPublicConfig>;

import path from "node:path";
import { z } from "zod";
import { DEFAULT_HOLD_LIMITS, DEFAULT_STOCK_HOLD_MINUTES } from "~/modules/inventory/stock-rules";
import { s3Settings } from "~/modules/media/settings";
import { emailSettings, ownerContactSettings, smsSettings } from "~/modules/messages/settings";
import {
  isDemoPayments,
  PAYMENT_SETTINGS,
  paymentSettingsShape,
} from "~/modules/payments/settings";
import { isProxyEntry, normaliseProxyEntry, trustsTooMany } from "~/utils/proxy-ranges";
import {
  flag,
  optionalUrl,
  requireTogether,
  type SettingsSection,
  settingsSection,
  wholeNumber,
} from "~/utils/settings-section";
import { StartupError } from "~/utils/startup-error";

/**
 * Every setting the shop reads, validated once at start-up (boot.server.ts, the command-line
 * scripts) and handed to the code that needs it as `services.settings`: no module reads the
 * environment itself. Each provider declares its own settings beside its adapter; they are
 * composed here. Each schema carries the sentence a shop owner sees when the value is wrong, so a
 * mistake prints one line, never a stack.
 */

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

/**
 * Which proxies may tell the shop a client's address (X-Forwarded-For), as Express's
 * `trust proxy` takes it: a number of hops, or the proxies' addresses. Never "everyone": then
 * any client could write its own address and walk past the per-address limits.
 */
const TRUST_PROXY_ERROR =
  "the number of reverse proxies in front of the shop (1 for one nginx or Caddy, at most 5) or their addresses (IPs, CIDRs of /8 or narrower, or loopback; all together no more public addresses than one /8), never true or a range of every address, which would let any client choose its own address";
/** No real chain of proxies is longer; a larger count trusts whatever the client wrote. */
const MAX_PROXY_HOPS = 5;
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): number | string[] | false => {
    const given = value?.trim().toLowerCase();
    if (given === undefined || given === "false" || given === "no") return false;
    if (/^\d{1,2}$/.test(given) && Number(given) <= MAX_PROXY_HOPS) return Number(given);
    // Mapped IPv4 is read as IPv4, and the list as a whole may not trust more than a /8 of
    // public addresses: ::ffff:0.0.0.0/96, or every /8 listed one by one, is everyone.
    const entries = given.split(",").map((e) => normaliseProxyEntry(e.trim()));
    if (entries.every(isProxyEntry) && !trustsTooMany(entries)) return entries;
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_ERROR });
    return z.NEVER;
  });

/** The shop itself: where it runs, its database, its name and contacts, its first admin. */
const coreSettings = settingsSection({
  shape: {
    NODE_ENV: z
      .enum(["development", "production", "test"], {
        error: "development, production or test",
      })
      .default("development"),
    PORT: wholeNumber(1, 65535).default(3000),
    HOST: z.string().min(1, { error: "a host name or address to listen on" }).optional(),
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

    /** How long a checkout holds its units for the payment; unpaid by then, they go back. */
    STOCK_HOLD_MINUTES: wholeNumber(1, 1440, "of minutes").default(DEFAULT_STOCK_HOLD_MINUTES),
    /** The most pieces the unpaid orders of one cart or phone number may hold (decision 57). */
    STOCK_HOLD_PER_SHOPPER: wholeNumber(1, 100_000, "of pieces").default(
      DEFAULT_HOLD_LIMITS.perShopper,
    ),
    /** The share of the shop's pieces, in percent, one address's unpaid orders may hold. */
    STOCK_HOLD_PER_ADDRESS: wholeNumber(0, 100, "of percent").default(
      DEFAULT_HOLD_LIMITS.perAddressPercent,
    ),

    /** Unset: no /metrics. Set: /metrics answers only `Authorization: Bearer <this token>`. */
    METRICS_TOKEN: z
      .string()
      .min(16, { error: "a random string of at least 16 characters" })
      .optional(),
  },
  check(env, ctx) {
    requireTogether(env, ctx, "ADMIN_EMAIL", "ADMIN_PASSWORD");
  },
});

/** Every group, in the order their mistakes are listed. */
const SECTIONS = [
  coreSettings,
  ...PAYMENT_SETTINGS,
  smsSettings,
  emailSettings,
  ownerContactSettings,
  s3Settings,
] as const;

const schema = z
  .object({
    ...coreSettings.shape,
    ...paymentSettingsShape,
    ...smsSettings.shape,
    ...emailSettings.shape,
    ...ownerContactSettings.shape,
    ...s3Settings.shape,
  })
  .superRefine((env, ctx) => {
    for (const section of SECTIONS as readonly SettingsSection<z.ZodRawShape>[]) {
      section.check?.(env, ctx);
    }
  });

type Parsed = z.infer<typeof schema>;

/** The shop's validated settings, as `services.settings` carries them. */
export type Settings = Omit<Parsed, "S3_FORCE_PATH_STYLE" | "DEMO_PAYMENTS" | "HOST"> & {
  /** Where the server listens: 0.0.0.0, or loopback behind a reverse proxy, unless HOST says. */
  HOST: string;
  PUBLIC_URL: string;
  DATA_DIR: string;
  S3_FORCE_PATH_STYLE: boolean;
  /** Payments go to the built-in emulators and every page says so (payments/settings.ts). */
  DEMO_PAYMENTS: boolean;
};

export class ConfigError extends StartupError {}

const SECRET = /PASSWORD|SECRET|KEY|TOKEN/;

/**
 * Parses the given variables (the process's environment at boot, a test's own otherwise); throws
 * a ConfigError whose message has one line per mistake.
 */
export function parseSettings(source: Record<string, string | undefined>): Settings {
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
  for (const section of SECTIONS as readonly SettingsSection<z.ZodRawShape>[]) {
    const stray = section.stray?.(given);
    if (stray) lines.push(`Invalid configuration: ${stray}`);
  }
  if (!result.success || lines.length > 0) {
    throw new ConfigError([...new Set(lines)].join("\n"));
  }
  const env = result.data;
  return {
    ...env,
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    DATA_DIR: path.resolve(env.DATA_DIR),
    // Behind a reverse proxy only the proxy should reach the shop: an address the shop could be
    // reached at directly would let a client write its own X-Forwarded-For.
    HOST: env.HOST ?? (env.TRUST_PROXY === false ? "0.0.0.0" : "127.0.0.1"),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    DEMO_PAYMENTS: isDemoPayments(env),
  };
}

/** The values that may reach the browser, and nothing else. */
export function publicConfig(settings: Settings) {
  return {
    shopName: settings.SHOP_NAME,
    phone: settings.SHOP_PHONE,
    whatsapp: settings.SHOP_WHATSAPP.replace(/\D/g, ""),
    email: settings.SHOP_EMAIL,
    location: settings.SHOP_LOCATION,
    instagramUrl: settings.SHOP_INSTAGRAM_URL,
    facebookUrl: settings.SHOP_FACEBOOK_URL,
    tiktokUrl: settings.SHOP_TIKTOK_URL,
    publicUrl: settings.PUBLIC_URL,
    demoPayments: settings.DEMO_PAYMENTS,
    freeDeliveryOver: settings.FREE_DELIVERY_OVER,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;

/** The settings from this process's environment: for the server's boot and the command line. */
export const settingsFromEnvironment = () => parseSettings(process.env);

import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import express, { type Request, type Response, type Router } from "express";
import { escapeHtml } from "~/utils/escape-html";
import {
  darajaPassword,
  darajaTimestamp,
  MAX_ACCOUNT_REFERENCE,
  MAX_MPESA_AMOUNT,
  STK_RESULT_CODES,
  WRONG_AMOUNT,
} from "./daraja";

/**
 * Safaricom's Daraja M-Pesa Express (STK push), emulated over HTTP for demos and tests, because
 * the machines that build and test the shop cannot reach Safaricom. It follows the shared
 * contract: OAuth tokens by Basic auth that live 3599 s, the push and its query with the same
 * Password rule and error shapes as Daraja, one open prompt per phone, and the unsigned result
 * callback POSTed once to CallBackURL when a prompt is answered or times out. It accepts what
 * widely used third-party clients send (numbers as JSON numbers, a UTC timestamp, a long
 * TransactionDesc, a token before every call), so that only the shop's rules are stricter.
 *
 * `api` is Daraja's JSON API, called by servers. `phone` stands in for the shopper's handset: a
 * form post that answers one prompt, named by its CheckoutRequestID (128 random bits, revealed
 * only in the push's answer), for the shop to mount after its CSRF check. Nothing lists prompts.
 * `control` drives prompts in-process (the demo page, tests). State is in memory and bounded.
 */
export type DarajaEmulatorOptions = {
  consumerKey: string;
  consumerSecret: string;
  /** The shortcode and passkey pairs the emulator knows; the contract's sandbox pair if absent. */
  credentials?: { shortcode: string; passkey: string }[];
  /** An unanswered prompt ends after this long with 1037 and its callback. */
  promptTimeoutMs?: number;
  /** How long after a prompt ends its callback is POSTed. */
  callbackDelayMs?: number;
  /** Prompts kept; the oldest is dropped past this (and any older than an hour). */
  maxPrompts?: number;
  fetch?: typeof fetch;
  /** Called when a callback delivery fails, for the log. */
  onCallbackError?: (error: unknown) => void;
  now?: () => Date;
  /** How a paid prompt's callback gives the payer's number; masked unless told (as Safaricom now does). */
  callbackPhone?: CallbackPhone;
};

/**
 * The payer's number in a callback: masked ('2547****5678') as Safaricom now sends it, a SHA-256
 * hash as some of its accounts do, or the whole number as Daraja's documentation shows.
 */
export type CallbackPhone = "masked" | "hashed" | "number";

export type PhoneOutcome = "pay" | "cancel" | "timeout" | number;

export type AnswerOptions = {
  /** False: the callback never arrives (the shop must find the result by querying). */
  callback?: boolean;
  /** A callback claiming another amount than was asked (the shop must refuse it). */
  callbackAmount?: number;
  /** Extra copies of the callback, sent at once (the shop must settle once). */
  duplicateCallbacks?: number;
  /** This callback's form of the payer's number (the emulator's own otherwise). */
  callbackPhone?: CallbackPhone;
};

/** What the demo phone's screen shows of a prompt. */
export type PromptView = {
  amount: number;
  phone: string;
  accountReference: string;
  /** TransactionDesc as received (the shop's name on the prompt). */
  description: string;
  open: boolean;
  resultCode: number | null;
};

export type DarajaEmulatorControl = {
  prompt(checkoutRequestId: string): PromptView | null;
  /** Ends an open prompt as the shopper (or the network) would; false if none is open by that id. */
  answer(checkoutRequestId: string, outcome: PhoneOutcome, options?: AnswerOptions): boolean;
  /** Delivers the prompt's callback again, or the given body to its CallBackURL; rejects on failure. */
  sendCallback(checkoutRequestId: string, body?: unknown): Promise<void>;
  /** Callbacks delivered for the prompt (answered with any HTTP status). */
  callbacksSent(checkoutRequestId: string): number;
  /** Prompts held in memory. */
  size(): number;
  /** The prompts sent to a phone (`2547XXXXXXXX`), oldest first: what its owner saw ring. */
  promptsTo(phone: string): PromptView[];
};

export type DarajaEmulator = {
  api: Router;
  phone: Router;
  router: Router;
  control: DarajaEmulatorControl;
};

/** The contract's public sandbox pair. */
export const SANDBOX_CREDENTIALS = {
  shortcode: "174379",
  passkey: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
} as const;

const TOKEN_SECONDS = 3599;
/** Tokens are never throttled, but those held are bounded: the oldest are forgotten first. */
const MAX_TOKENS = 10_000;
const PROMPT_MAX_AGE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const KENYA_OFFSET_MS = 3 * 60 * 60 * 1000;
const MAX_DUPLICATES = 50;
const CALLBACK_TIMEOUT_MS = 10_000;

/** ResultDesc as Daraja words it, for the codes met in practice. */
const RESULT_DESCRIPTIONS: Record<number, string> = {
  0: "The service request is processed successfully.",
  1: "The balance is insufficient for the transaction.",
  1001: "Unable to lock subscriber, a transaction is already in process for the current subscriber",
  1019: "Transaction has expired",
  1025: "An error occurred while sending a push request",
  1032: "Request cancelled by user",
  1037: "DS timeout user cannot be reached",
  2001: "The initiator information is invalid.",
  9999: "An error occurred while sending a push request.",
};

const NAMED_OUTCOMES = { pay: 0, cancel: 1032, timeout: 1037 } as const;

type Prompt = {
  merchantRequestId: string;
  checkoutRequestId: string;
  shortcode: string;
  amount: number;
  phone: string;
  accountReference: string;
  description: string;
  callbackUrl: string;
  createdAt: number;
  resultCode: number | null;
  /** The callback body, built once when the prompt ends, so a replay is identical. */
  callbackBody: unknown;
  timer: ReturnType<typeof setTimeout> | null;
  callbacks: number;
};

const digest = (value: string) => createHash("sha256").update(value).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Daraja's request ids look like "29115-34620561-1". */
const requestId = () => `${randomInt(1000, 100_000)}-${randomInt(10_000_000, 100_000_000)}-1`;

type Refusal = { status: number; errorCode: string; errorMessage: string };
const refuse = (res: Response, { status, errorCode, errorMessage }: Refusal) =>
  res.status(status).json({ requestId: requestId(), errorCode, errorMessage });
const fail = (res: Response, status: number, errorCode: string, errorMessage: string) =>
  refuse(res, { status, errorCode, errorMessage });
const invalidField = (field: string): Refusal => ({
  status: 400,
  errorCode: "400.002.02",
  errorMessage: `Bad Request - Invalid ${field}`,
});
const invalid = (res: Response, field: string) => refuse(res, invalidField(field));
const notFound = (res: Response) => fail(res, 404, "404.001.01", "Resource not found");

/** A string, or a JSON number written as digits (third-party clients send shortcodes so). */
function digitsOf(value: unknown): string | null {
  if (typeof value === "number")
    return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return /^\d{1,20}$/.test(trimmed) ? trimmed : null;
}

function phoneInCallback(phone: string, form: CallbackPhone = "masked"): string | number {
  if (form === "number") return Number(phone);
  if (form === "hashed") return createHash("sha256").update(phone).digest("hex");
  return `${phone.slice(0, 4)}****${phone.slice(-4)}`;
}

const phoneOf = (value: unknown) => {
  const digits = digitsOf(value);
  return digits && /^254[17]\d{8}$/.test(digits) ? digits : null;
};

function amountOf(value: unknown): number | null {
  const digits = digitsOf(value);
  const amount = digits === null ? Number.NaN : Number(digits);
  return Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_MPESA_AMOUNT ? amount : null;
}

/** Text a client may send as a string or a number; no NUL, nothing absurdly long. */
function textOf(value: unknown, max: number): string | null {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string" || text.length > max || text.includes("\0")) return null;
  return text;
}

/**
 * A YYYYMMDDHHmmss timestamp that could be now: read as Kenyan time or as UTC (both are sent in
 * practice), within a day of the emulator's clock.
 */
function timestampOf(value: unknown, now: number): string | null {
  const digits = digitsOf(value);
  const match = digits ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(digits) : null;
  if (!digits || !match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(asUtc);
  // Date.UTC rolls 20261332 over into the next year; such a timestamp is not well formed.
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return null;
  }
  const asKenyan = asUtc - KENYA_OFFSET_MS;
  return Math.abs(asUtc - now) <= DAY_MS || Math.abs(asKenyan - now) <= DAY_MS ? digits : null;
}

function isCallbackUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 2048 || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "https:" || protocol === "http:";
}

/** M-Pesa receipt numbers are 10 capitals and digits, starting with a letter. */
function receiptNumber() {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const all = `${letters}0123456789`;
  let receipt = letters[randomInt(letters.length)]!;
  for (let i = 1; i < 10; i++) receipt += all[randomInt(all.length)];
  return receipt;
}

/** Only a local path is followed after the phone form: "/x", never "//host" or "/\host". */
function localPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "/";
  return /^\/(?![/\\])[^\\\p{Cc}]*$/u.test(value) ? value : "/";
}

export function createDarajaEmulator(options: DarajaEmulatorOptions): DarajaEmulator {
  const now = () => (options.now ?? (() => new Date()))().getTime();
  const credentials = options.credentials ?? [SANDBOX_CREDENTIALS];
  const promptTimeoutMs = options.promptTimeoutMs ?? 60_000;
  const callbackDelayMs = options.callbackDelayMs ?? 0;
  const maxPrompts = Math.max(1, options.maxPrompts ?? 1000);
  const fetchImpl = options.fetch ?? fetch;
  const expectedBasic = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString("base64")}`;

  /** Token -> when it expires; insertion order is expiry order. */
  const tokens = new Map<string, number>();
  /** CheckoutRequestID -> prompt; insertion order is age. */
  const prompts = new Map<string, Prompt>();

  function forget(prompt: Prompt) {
    if (prompt.timer) clearTimeout(prompt.timer);
    prompts.delete(prompt.checkoutRequestId);
  }

  /** Drops prompts older than an hour, then the oldest until there is room for one more. */
  function prune() {
    const oldest = now() - PROMPT_MAX_AGE_MS;
    for (const prompt of prompts.values()) {
      if (prompt.createdAt >= oldest && prompts.size < maxPrompts) break;
      forget(prompt);
    }
  }

  const authorised = (req: Request, res: Response) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1] ?? "";
    const expires = tokens.get(token);
    if (expires === undefined || expires <= now()) {
      fail(res, 404, "404.001.03", "Invalid Access Token");
      return false;
    }
    return true;
  };

  /**
   * BusinessShortCode, Timestamp and Password, as both endpoints check them. Daraja answers a
   * Password that does not match (or a shortcode it does not know) with 500.001.1001 "Wrong
   * credentials", not as an invalid field.
   */
  function merchant(body: Record<string, unknown>): string | Refusal {
    const shortcode = digitsOf(body.BusinessShortCode);
    if (!shortcode) return invalidField("BusinessShortCode");
    const timestamp = timestampOf(body.Timestamp, now());
    if (!timestamp) return invalidField("Timestamp");
    const password = body.Password;
    if (typeof password !== "string" || !password || password.length > 512) {
      return invalidField("Password");
    }
    // Every pair is compared, so the answer's timing does not tell which shortcodes exist.
    let matched = false;
    for (const pair of credentials) {
      const expected = darajaPassword(pair.shortcode, pair.passkey, timestamp);
      matched = (sameText(password, expected) && pair.shortcode === shortcode) || matched;
    }
    if (!matched)
      return { status: 500, errorCode: "500.001.1001", errorMessage: "Wrong credentials" };
    return shortcode;
  }

  async function deliver(prompt: Prompt, body: unknown) {
    const response = await fetchImpl(prompt.callbackUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    prompt.callbacks += 1;
    await response.body?.cancel();
    if (!response.ok) throw new Error(`The callback URL answered ${response.status}.`);
  }

  function end(prompt: Prompt, resultCode: number, answer: AnswerOptions = {}) {
    if (prompt.timer) clearTimeout(prompt.timer);
    prompt.timer = null;
    prompt.resultCode = resultCode;
    const callback: Record<string, unknown> = {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: RESULT_DESCRIPTIONS[resultCode] ?? "The transaction could not be completed.",
    };
    if (resultCode === 0) {
      callback.CallbackMetadata = {
        Item: [
          { Name: "Amount", Value: answer.callbackAmount ?? prompt.amount },
          { Name: "MpesaReceiptNumber", Value: receiptNumber() },
          { Name: "Balance" },
          { Name: "TransactionDate", Value: Number(darajaTimestamp(new Date(now()))) },
          {
            Name: "PhoneNumber",
            Value: phoneInCallback(prompt.phone, answer.callbackPhone ?? options.callbackPhone),
          },
        ],
      };
    }
    prompt.callbackBody = { Body: { stkCallback: callback } };
    if (answer.callback === false) return;
    const extra = Math.trunc(answer.duplicateCallbacks ?? 0);
    const copies = 1 + (Number.isFinite(extra) ? Math.min(Math.max(extra, 0), MAX_DUPLICATES) : 0);
    const timer = setTimeout(() => {
      for (let i = 0; i < copies; i++) {
        deliver(prompt, prompt.callbackBody).catch((error) => options.onCallbackError?.(error));
      }
    }, callbackDelayMs);
    timer.unref();
  }

  const openPrompt = (checkoutRequestId: string) => {
    const prompt = prompts.get(checkoutRequestId);
    return prompt && prompt.resultCode === null ? prompt : undefined;
  };

  const api = express.Router();
  api.use("/mpesa", express.json({ limit: "64kb" }));

  api.get("/oauth/v1/generate", (req, res) => {
    const authorization = req.get("authorization") ?? "";
    if (!sameText(authorization.replace(/^basic\s+/i, "Basic "), expectedBasic)) {
      return fail(res, 400, "400.008.01", "Invalid Authentication passed");
    }
    if (req.query.grant_type !== "client_credentials") {
      return fail(res, 400, "400.008.02", "Invalid grant type passed");
    }
    const current = now();
    for (const [token, expires] of tokens) {
      if (expires > current && tokens.size < MAX_TOKENS) break;
      tokens.delete(token);
    }
    const token = randomBytes(21).toString("base64url");
    tokens.set(token, current + TOKEN_SECONDS * 1000);
    res.json({ access_token: token, expires_in: String(TOKEN_SECONDS) });
  });

  api.post("/mpesa/stkpush/v1/processrequest", (req, res) => {
    if (!authorised(req, res)) return;
    const body: Record<string, unknown> =
      req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
    const shortcode = merchant(body);
    if (typeof shortcode !== "string") return refuse(res, shortcode);
    const type = typeof body.TransactionType === "string" ? body.TransactionType.trim() : "";
    if (type !== "CustomerPayBillOnline" && type !== "CustomerBuyGoodsOnline") {
      return invalid(res, "TransactionType");
    }
    const amount = amountOf(body.Amount);
    if (amount === null) return invalid(res, "Amount");
    if (!phoneOf(body.PartyA)) return invalid(res, "PartyA");
    if (!digitsOf(body.PartyB)) return invalid(res, "PartyB");
    const phone = phoneOf(body.PhoneNumber);
    if (!phone) return invalid(res, "PhoneNumber");
    if (!isCallbackUrl(body.CallBackURL)) return invalid(res, "CallBackURL");
    const accountReference = textOf(body.AccountReference, MAX_ACCOUNT_REFERENCE);
    if (!accountReference?.trim()) return invalid(res, "AccountReference");
    if (body.TransactionDesc != null && textOf(body.TransactionDesc, 10_000) === null) {
      return invalid(res, "TransactionDesc");
    }
    prune();
    for (const prompt of prompts.values()) {
      if (prompt.phone === phone && prompt.resultCode === null) {
        return fail(
          res,
          500,
          "500.001.1001",
          "Unable to lock subscriber, a transaction is already in process for the current subscriber",
        );
      }
    }
    const current = now();
    const prompt: Prompt = {
      merchantRequestId: requestId(),
      checkoutRequestId: `ws_CO_${darajaTimestamp(new Date(current))}${randomBytes(16).toString("hex")}`,
      shortcode,
      amount,
      phone,
      accountReference,
      description: (textOf(body.TransactionDesc, 10_000) ?? "").trim().slice(0, 100),
      callbackUrl: body.CallBackURL as string,
      createdAt: current,
      resultCode: null,
      callbackBody: undefined,
      timer: null,
      callbacks: 0,
    };
    prompt.timer = setTimeout(() => end(prompt, 1037), promptTimeoutMs);
    prompt.timer.unref();
    prompts.set(prompt.checkoutRequestId, prompt);
    res.json({
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResponseCode: "0",
      ResponseDescription: "Success. Request accepted for processing",
      CustomerMessage: "Success. Request accepted for processing",
    });
  });

  api.post("/mpesa/stkpushquery/v1/query", (req, res) => {
    if (!authorised(req, res)) return;
    const body: Record<string, unknown> =
      req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
    const shortcode = merchant(body);
    if (typeof shortcode !== "string") return refuse(res, shortcode);
    const id = typeof body.CheckoutRequestID === "string" ? body.CheckoutRequestID : "";
    const prompt = prompts.get(id);
    if (!prompt || prompt.shortcode !== shortcode) return invalid(res, "CheckoutRequestID");
    if (prompt.resultCode === null) {
      return fail(res, 500, "500.001.1001", "The transaction is being processed");
    }
    res.json({
      ResponseCode: "0",
      ResponseDescription: "The service request has been accepted successsfully",
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: String(prompt.resultCode),
      ResultDesc:
        RESULT_DESCRIPTIONS[prompt.resultCode] ?? "The transaction could not be completed.",
    });
  });

  // Any other path answers as Daraja's gateway does; the phone's form goes on to its router.
  api.use((req, res, next) => (req.path.startsWith("/phone/") ? next() : notFound(res)));
  // A body that cannot be read (malformed JSON, too large) gets Daraja's error shape too.
  api.use(((error, _req, res, _next) =>
    fail(
      res,
      error?.status === 413 ? 413 : 400,
      "400.002.02",
      "Bad Request - Invalid Body",
    )) as express.ErrorRequestHandler);

  const phone = express.Router();
  phone.use("/phone", express.urlencoded({ extended: false, limit: "16kb" }));

  phone.post("/phone/:checkoutRequestId", (req, res) => {
    const prompt = openPrompt(String(req.params.checkoutRequestId));
    if (!prompt) {
      return res.status(404).type("html").send(page("This M-Pesa prompt is not open any more."));
    }
    const answer = String(req.body?.answer ?? "");
    const code = Object.hasOwn(NAMED_OUTCOMES, answer)
      ? NAMED_OUTCOMES[answer as keyof typeof NAMED_OUTCOMES]
      : /^\d{1,4}$/.test(answer) && Object.hasOwn(STK_RESULT_CODES, answer)
        ? Number(answer)
        : null;
    // A tester's outcome: paid, but the callback claims another amount (the shop must doubt it).
    if (answer === WRONG_AMOUNT) {
      end(prompt, 0, { callbackAmount: 1 });
      return res.redirect(303, localPath(req.body?.back));
    }
    if (code === null) {
      return res.status(400).type("html").send(page("The phone cannot give that answer."));
    }
    end(prompt, code);
    res.redirect(303, localPath(req.body?.back));
  });

  phone.use("/phone", (_req, res) => {
    res.status(404).type("html").send(page("There is nothing here."));
  });
  phone.use("/phone", ((error, _req, res, _next) =>
    res
      .status(error?.status === 413 ? 413 : 400)
      .type("html")
      .send(page("The phone could not read that form."))) as express.ErrorRequestHandler);

  const router = express.Router();
  router.use(api, phone);

  const view = (prompt: Prompt): PromptView => ({
    amount: prompt.amount,
    phone: prompt.phone,
    accountReference: prompt.accountReference,
    description: prompt.description,
    open: prompt.resultCode === null,
    resultCode: prompt.resultCode,
  });
  const control: DarajaEmulatorControl = {
    prompt(checkoutRequestId) {
      const prompt = prompts.get(checkoutRequestId);
      return prompt ? view(prompt) : null;
    },
    promptsTo: (phone) =>
      [...prompts.values()]
        .filter((p) => p.phone === phone)
        .sort((a, b) => a.createdAt - b.createdAt)
        .map(view),
    answer(checkoutRequestId, outcome, answerOptions) {
      const prompt = openPrompt(checkoutRequestId);
      const code = typeof outcome === "number" ? outcome : NAMED_OUTCOMES[outcome];
      if (!prompt || !Number.isSafeInteger(code) || code < 0) return false;
      end(prompt, code, answerOptions);
      return true;
    },
    async sendCallback(checkoutRequestId, body) {
      const prompt = prompts.get(checkoutRequestId);
      if (!prompt) throw new Error("No M-Pesa prompt has that CheckoutRequestID.");
      const payload = body ?? prompt.callbackBody;
      if (payload === undefined)
        throw new Error("The prompt is still open: it has no callback yet.");
      await deliver(prompt, payload);
    },
    callbacksSent: (checkoutRequestId) => prompts.get(checkoutRequestId)?.callbacks ?? 0,
    size: () => prompts.size,
  };

  return { api, phone, router, control };
}

function page(sentence: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>M-Pesa sandbox</title></head><body><main><p>${escapeHtml(sentence)}</p></main></body></html>`;
}

import { observedFetch } from "~/utils/metrics.server";
import { AnswerTooLargeError, readLimitedText } from "~/utils/read-limited.server";
import { PaymentError } from "../provider";
import {
  darajaPassword,
  darajaTimestamp,
  MAX_ACCOUNT_REFERENCE,
  MAX_MPESA_AMOUNT,
  MAX_TRANSACTION_DESC,
  mpesaPhone,
  resultCodeNumber,
} from "./daraja";

/** The name orders record for payments made by M-Pesa Express (STK push). */
export const MPESA_EXPRESS = "mpesa-express";

export const DARAJA_BASE_URLS = {
  sandbox: "https://sandbox.safaricom.co.ke",
  live: "https://api.safaricom.co.ke",
} as const;

export type DarajaOptions = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The Paybill number, or for a Till the store (head office) number. */
  shortcode: string;
  passkey: string;
  type: "paybill" | "till";
  /** The Till number money goes to (PartyB); required when type is "till". */
  tillNumber?: string;
  /** Each call's limit, token request included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock for timestamps and token expiry (tests move it). */
  now?: () => Date;
};

export type StkPushRequest = {
  /** Whole shillings, 1 to 250,000. */
  amount: number;
  /** As the shopper typed it; normalised with mpesaPhone. */
  phone: string;
  /** Shown on the shopper's phone; cut to 12 characters. */
  accountReference: string;
  /** Cut to 13 characters. */
  description: string;
  callbackUrl: string;
};

export type StkPushAnswer = {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
};

export type StkQueryAnswer =
  | { final: false }
  | { final: true; resultCode: number; resultDesc: string };

type DarajaAnswer = Record<string, unknown>;

/** Daraja's answers are a few hundred bytes; a proxy's error page is read no further. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Renew a token this long before Daraja says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const INVALID_TOKEN = "404.001.03";
/** "Being processed" on a query, "already in process" on a push, and also a wrong password. */
const IN_PROCESS = "500.001.1001";
/**
 * Daraja answers a wrong Password or shortcode with 500.001.1001 too ("Wrong credentials",
 * "Merchant does not exist"): that is the shop's configuration, never a busy phone or a prompt
 * still open.
 */
const CREDENTIALS_REFUSED = /wrong credentials|merchant does not exist/i;
const BUSY = /already in process|unable to lock subscriber/i;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Cuts text to a number of characters without splitting a surrogate pair. */
const cut = (value: string, max: number) => Array.from(value).slice(0, max).join("");

const isId = (value: unknown): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= 100 && !value.includes("\0");

/**
 * Safaricom's Daraja M-Pesa Express (the shared contract): an OAuth token cached and renewed
 * shortly before expiry, the STK push and its query, every call bounded by a timeout and its
 * answer by a size. Failures become PaymentError with a code the shop can act on:
 * mpesa_busy (a prompt is already open on the phone), mpesa_refused (the request or credentials
 * were refused), mpesa_unreachable (no answer), mpesa_error (anything else).
 */
export class DarajaClient {
  readonly name = MPESA_EXPRESS;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly options: DarajaOptions) {
    if (options.type === "till" && !options.tillNumber?.trim()) {
      throw new Error("An M-Pesa Till needs its till number (PartyB) as well as its store number.");
    }
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetchImpl = observedFetch(MPESA_EXPRESS, options.fetch ?? fetch);
    this.now = options.now ?? (() => new Date());
  }

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/+$/, "")}${path}`;
  }

  /** Daraja's words, made safe for a message and a log: one line, short, no secret in it. */
  private words(value: unknown) {
    let words = text(value)
      .replace(/\p{Cc}+/gu, " ")
      .trim()
      .slice(0, 200);
    for (const secret of [this.options.consumerSecret, this.options.passkey]) {
      if (secret && secret.length >= 4) words = words.split(secret).join("[hidden]");
    }
    return words.replace(/[.\s]+$/, "");
  }

  /** One HTTP exchange: network failures, timeouts and unreadable answers become PaymentErrors. */
  private async send(
    path: string,
    init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; answer: DarajaAnswer }> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(path), {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === "TimeoutError";
      throw new PaymentError(
        timedOut
          ? `M-Pesa did not answer within ${this.timeoutMs / 1000} s.`
          : `M-Pesa could not be reached: ${this.words((error as Error)?.message) || "network error"}.`,
        "mpesa_unreachable",
      );
    }
    let body: string;
    try {
      body = await readLimitedText(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof AnswerTooLargeError) {
        throw new PaymentError(
          `M-Pesa answered ${response.status} with more than ${MAX_ANSWER_BYTES / 1024} KB.`,
          "mpesa_error",
        );
      }
      const timedOut = (error as Error)?.name === "TimeoutError";
      throw new PaymentError(
        timedOut
          ? `M-Pesa did not finish its answer within ${this.timeoutMs / 1000} s.`
          : "M-Pesa's answer was cut off.",
        "mpesa_unreachable",
      );
    }
    // An empty body (Daraja sends one with some 400s and 401s) is judged by its status alone.
    let answer: unknown = {};
    if (body.trim()) {
      try {
        answer = JSON.parse(body);
      } catch {
        answer = null;
      }
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
      throw new PaymentError(
        `M-Pesa answered ${response.status} with something that is not a JSON object.`,
        "mpesa_error",
      );
    }
    return { status: response.status, answer: answer as DarajaAnswer };
  }

  /** A call with the bearer token; a token Daraja no longer knows is replaced once. */
  private async call(
    path: string,
    body: unknown,
    retried = false,
  ): Promise<{
    status: number;
    answer: DarajaAnswer;
  }> {
    const token = await this.bearer();
    const result = await this.send(path, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
    const invalidToken = result.status === 401 || result.answer.errorCode === INVALID_TOKEN;
    if (invalidToken && !retried) {
      // A token can end before its stated expiry (keys rotated, Daraja restarted). Drop it unless
      // a concurrent call has already replaced it, and try once more with a fresh one.
      if (this.token?.value === token) this.token = null;
      return this.call(path, body, true);
    }
    return result;
  }

  /** A token lives about an hour: reuse it, and let concurrent callers share one request. */
  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > this.now().getTime()) {
      return this.token.value;
    }
    this.pendingToken ??= this.requestToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(
      `${this.options.consumerKey}:${this.options.consumerSecret}`,
      "utf8",
    ).toString("base64");
    const { status, answer } = await this.send("/oauth/v1/generate?grant_type=client_credentials", {
      method: "GET",
      headers: { Accept: "application/json", Authorization: `Basic ${basic}` },
    });
    if (status < 200 || status > 299) throw this.refusal(status, answer, "token request");
    const value = answer.access_token;
    if (typeof value !== "string" || !value || value.length > 4096 || /\s/.test(value)) {
      throw new PaymentError("M-Pesa gave no access token.", "mpesa_error");
    }
    // expires_in is a string of seconds ("3599"); an odd one is taken as Daraja's usual hour.
    const seconds = Number(answer.expires_in);
    const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds : 3599;
    this.token = { value, expiresAt: this.now().getTime() + lifetime * 1000 };
    return value;
  }

  /** Daraja's error answer as a PaymentError: 4xx refused, 5xx (and the rest) an M-Pesa error. */
  private refusal(status: number, answer: DarajaAnswer, what: string): PaymentError {
    const code = this.words(answer.errorCode);
    const words = this.words(answer.errorMessage) || this.words(answer.ResponseDescription);
    const detail = `${status}${code ? `, ${code}` : ""}${words ? `: ${words}` : ""}`;
    if (status >= 400 && status <= 499) {
      return new PaymentError(`M-Pesa refused the ${what} (${detail}).`, "mpesa_refused");
    }
    return new PaymentError(`M-Pesa could not handle the ${what} (${detail}).`, "mpesa_error");
  }

  private credentials() {
    const timestamp = darajaTimestamp(this.now());
    return {
      BusinessShortCode: this.options.shortcode,
      Password: darajaPassword(this.options.shortcode, this.options.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /**
   * Sends the PIN prompt to the shopper's phone. Accepted means only that the prompt was sent:
   * the payment is known from the callback or stkQuery.
   */
  async stkPush(request: StkPushRequest): Promise<StkPushAnswer> {
    const { amount } = request;
    // Never rounded: charging a shilling more or less than the order is not ours to decide.
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_MPESA_AMOUNT) {
      throw new PaymentError(
        `M-Pesa takes a whole number of shillings from 1 to ${MAX_MPESA_AMOUNT.toLocaleString("en-KE")}; the amount was ${amount}.`,
        "mpesa_refused",
      );
    }
    const phone = mpesaPhone(request.phone);
    if (!phone) {
      throw new PaymentError(
        "The phone number is not a Kenyan mobile number M-Pesa can send a prompt to.",
        "mpesa_refused",
      );
    }
    const accountReference = cut(request.accountReference.trim(), MAX_ACCOUNT_REFERENCE);
    if (!accountReference) {
      throw new PaymentError("An M-Pesa payment needs an account reference.", "mpesa_refused");
    }
    const till = this.options.type === "till";
    const { status, answer } = await this.call("/mpesa/stkpush/v1/processrequest", {
      ...this.credentials(),
      TransactionType: till ? "CustomerBuyGoodsOnline" : "CustomerPayBillOnline",
      Amount: amount,
      PartyA: phone,
      PartyB: till ? this.options.tillNumber : this.options.shortcode,
      PhoneNumber: phone,
      CallBackURL: request.callbackUrl,
      AccountReference: accountReference,
      TransactionDesc: cut(request.description.trim() || accountReference, MAX_TRANSACTION_DESC),
    });
    const message = text(answer.errorMessage);
    const busy =
      BUSY.test(message) || (answer.errorCode === IN_PROCESS && !CREDENTIALS_REFUSED.test(message));
    if (busy) {
      throw new PaymentError(
        "An M-Pesa request is already open on this phone number: answer or cancel it, then try again.",
        "mpesa_busy",
      );
    }
    if (status < 200 || status > 299) throw this.refusal(status, answer, "payment request");
    if (String(answer.ResponseCode) !== "0") {
      throw new PaymentError(
        `M-Pesa did not accept the payment request (ResponseCode ${this.words(String(answer.ResponseCode ?? "missing"))}${answer.ResponseDescription ? `: ${this.words(answer.ResponseDescription)}` : ""}).`,
        "mpesa_refused",
      );
    }
    if (!isId(answer.MerchantRequestID) || !isId(answer.CheckoutRequestID)) {
      throw new PaymentError(
        "M-Pesa accepted the payment request but named no request.",
        "mpesa_error",
      );
    }
    return {
      merchantRequestId: answer.MerchantRequestID,
      checkoutRequestId: answer.CheckoutRequestID,
      customerMessage: text(answer.CustomerMessage),
    };
  }

  /**
   * Asks whether a prompt has ended and how. Daraja answers a prompt still open with HTTP 500 and
   * 500.001.1001 ("The transaction is being processed"): not final yet, not an error.
   */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryAnswer> {
    if (!isId(checkoutRequestId)) {
      throw new PaymentError("That is not an M-Pesa CheckoutRequestID.", "mpesa_refused");
    }
    const { status, answer } = await this.call("/mpesa/stkpushquery/v1/query", {
      ...this.credentials(),
      CheckoutRequestID: checkoutRequestId,
    });
    if (answer.errorCode === IN_PROCESS && !CREDENTIALS_REFUSED.test(text(answer.errorMessage))) {
      return { final: false };
    }
    if (status < 200 || status > 299) throw this.refusal(status, answer, "status query");
    const resultCode = resultCodeNumber(answer.ResultCode);
    if (resultCode === null) {
      throw new PaymentError(
        "M-Pesa answered the status query without a ResultCode.",
        "mpesa_error",
      );
    }
    return { final: true, resultCode, resultDesc: text(answer.ResultDesc) };
  }
}

import { observedFetch } from "~/utils/metrics.server";
import { AnswerTooLargeError, readLimitedText } from "~/utils/read-limited.server";
import {
  PaymentError,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentState,
  type PaymentStatus,
  type RefundRequest,
} from "../provider";
import { pesapalFailure } from "./failure";
import { readPesapalNotification } from "./notification";

/** The most of one answer the client reads. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The name orders record for payments made through Pesapal. */
export const PESAPAL = "pesapal";

/** Where the client remembers the IPN id registered for a base URL (the database, in the app). */
export type IpnStore = {
  get(key: string): Promise<string | null>;
  set(key: string, ipnId: string): Promise<void>;
};

export type PesapalOptions = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Our IPN endpoint, as Pesapal must call it (public in production). */
  ipnUrl: string;
  ipnNotificationType: "GET" | "POST";
  ipnStore: IpnStore;
  /** Each call's limit; the whole checkout must finish well inside 70 seconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

type PesapalError = {
  error_type?: string | null;
  type?: string | null;
  code?: string | null;
  message?: string | null;
};
type PesapalAnswer = {
  error?: PesapalError | null;
  status?: string | number | null;
  message?: string | null;
};

/** Renew a token this long before Pesapal says it expires. */
const TOKEN_MARGIN_MS = 30_000;

const STATES: Record<number, PaymentState> = { 1: "COMPLETED", 2: "FAILED", 3: "REVERSED" };

/** An answer whose error object is filled in; the answer is kept for the one error that is not. */
class PesapalRefusal extends PaymentError {
  constructor(
    message: string,
    code: string,
    readonly answer: PesapalAnswer,
  ) {
    super(message, code);
  }
}

/**
 * Pesapal answers the status query of an order the shopper has not paid yet as an error
 * ('payment_details_not_found', 'Pending Payment', status "500"): that means "not paid yet".
 */
const isNotPaidYet = (error: PesapalError | null | undefined) =>
  error?.code?.toLowerCase() === "payment_details_not_found" ||
  error?.message?.trim().toLowerCase() === "pending payment";

/** Splits "Akinyi Wanjiru Otieno" into Pesapal's first and last names. */
function splitName(name: string) {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? "", last: parts.length > 1 ? parts.slice(1).join(" ") : "" };
}

/**
 * Pesapal API 3.0 (see docs in the repository's payment contract): a cached bearer token, the
 * IPN registered once per base URL, SubmitOrderRequest and GetTransactionStatus, every call
 * bounded by a timeout. Its answers are mapped onto the shop's PaymentStatus; its errors onto
 * PaymentError.
 */
export class PesapalClient implements PaymentProvider {
  readonly name = PESAPAL;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private ipnId: string | null = null;
  private pendingIpnId: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: PesapalOptions) {
    // Three calls at most per checkout (token, IPN registration, order): 45 s, inside the 70 s limit.
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetchImpl = observedFetch("pesapal", options.fetch ?? fetch);
  }

  private url(path: string) {
    return `${this.options.baseUrl.replace(/\/+$/, "")}${path}`;
  }

  private async call<T extends PesapalAnswer>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    auth = true,
    retried = false,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Content-Type": "application/json",
    };
    if (auth) headers.Authorization = `Bearer ${await this.bearer()}`;
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      throw new PaymentError(
        timedOut
          ? `Pesapal did not answer within ${this.timeoutMs / 1000} s.`
          : `Pesapal could not be reached: ${(error as Error).message}`,
        timedOut ? "timeout" : "unreachable",
      );
    }
    if (auth && response.status === 401 && !retried) {
      // A token can end before its stated expiry (Pesapal restarted, keys rotated): ask for a
      // new one, once, rather than failing every checkout until the cached one runs out.
      await response.body?.cancel();
      this.token = null;
      return this.call(method, path, body, auth, true);
    }
    let json: T;
    try {
      // Pesapal's answers are a few hundred bytes; a proxy's error page in their place is read
      // no further than this bound.
      json = JSON.parse(await readLimitedText(response, MAX_ANSWER_BYTES)) as T;
    } catch (error) {
      if (error instanceof AnswerTooLargeError) {
        throw new PaymentError(
          `Pesapal answered ${response.status} with more than ${MAX_ANSWER_BYTES / 1024} KB.`,
          "bad_response",
        );
      }
      throw new PaymentError(
        `Pesapal answered ${response.status} with something that is not JSON.`,
        "bad_response",
      );
    }
    // A successful answer carries an error object with null fields: test its contents.
    const error = json?.error;
    if (error?.code || error?.message) {
      throw new PesapalRefusal(
        `Pesapal refused: ${error.message ?? error.code}`,
        String(error.code ?? error.error_type ?? error.type ?? "refused"),
        json,
      );
    }
    if (!response.ok || (json?.status != null && String(json.status) !== "200")) {
      throw new PaymentError(
        `Pesapal answered ${response.status}${json?.message ? `: ${json.message}` : ""}.`,
        `http_${response.status}`,
      );
    }
    return json;
  }

  /** A token lives about 5 minutes: reuse it, and ask for a new one shortly before it expires. */
  private async bearer(): Promise<string> {
    if (this.token && this.token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return this.token.value;
    this.pendingToken ??= (async () => {
      try {
        const answer = await this.call<PesapalAnswer & { token?: string; expiryDate?: string }>(
          "POST",
          "/api/Auth/RequestToken",
          { consumer_key: this.options.consumerKey, consumer_secret: this.options.consumerSecret },
          false,
        );
        if (!answer.token) throw new PaymentError("Pesapal gave no token.", "no_token");
        const expiresAt = answer.expiryDate
          ? Date.parse(answer.expiryDate)
          : Date.now() + 4 * 60_000;
        this.token = {
          value: answer.token,
          expiresAt: Number.isNaN(expiresAt) ? Date.now() + 4 * 60_000 : expiresAt,
        };
        return answer.token;
      } finally {
        this.pendingToken = null;
      }
    })();
    return this.pendingToken;
  }

  /** The IPN URL is registered once per base URL; its id is remembered. */
  /** Concurrent checkouts share one look-up or registration of the IPN id, not one each. */
  private notificationId(): Promise<string> {
    if (this.ipnId) return Promise.resolve(this.ipnId);
    this.pendingIpnId ??= this.lookUpNotificationId().finally(() => {
      this.pendingIpnId = null;
    });
    return this.pendingIpnId;
  }

  private async lookUpNotificationId(): Promise<string> {
    const key = `pesapal_ipn:${this.options.baseUrl}:${this.options.ipnUrl}:${this.options.ipnNotificationType}`;
    const stored = await this.options.ipnStore.get(key);
    if (stored) {
      this.ipnId = stored;
      return stored;
    }
    const answer = await this.call<PesapalAnswer & { ipn_id?: string }>(
      "POST",
      "/api/URLSetup/RegisterIPN",
      {
        url: this.options.ipnUrl,
        ipn_notification_type: this.options.ipnNotificationType,
      },
    );
    if (!answer.ipn_id) throw new PaymentError("Pesapal gave no IPN id.", "no_ipn");
    await this.options.ipnStore.set(key, answer.ipn_id);
    this.ipnId = answer.ipn_id;
    return answer.ipn_id;
  }

  async submitOrder(request: PaymentRequest) {
    const { first, last } = splitName(request.customer.name);
    const answer = await this.call<
      PesapalAnswer & { order_tracking_id?: string; redirect_url?: string }
    >("POST", "/api/Transactions/SubmitOrderRequest", {
      id: request.merchantReference ?? request.orderId,
      currency: request.currency,
      amount: request.amount,
      description: request.description.slice(0, 100),
      callback_url: request.callbackUrl,
      notification_id: await this.notificationId(),
      billing_address: {
        email_address: request.customer.email,
        phone_number: request.customer.phone,
        country_code: "KE",
        first_name: first,
        last_name: last,
        line_1: request.customer.address,
        city: request.customer.city,
      },
    });
    if (!answer.order_tracking_id || !answer.redirect_url) {
      throw new PaymentError("Pesapal gave no payment page for the order.", "no_redirect");
    }
    // Pesapal's OrderTrackingId is the payment's reference from now on.
    return { reference: answer.order_tracking_id, redirectUrl: answer.redirect_url };
  }

  async getStatus(trackingId: string): Promise<PaymentStatus> {
    type StatusAnswer = PesapalAnswer & {
      status_code?: number | null;
      amount?: number | string | null;
      currency?: string | null;
      merchant_reference?: string | null;
      payment_method?: string | null;
      confirmation_code?: string | null;
      description?: string | null;
      payment_status_description?: string | null;
    };
    let answer: StatusAnswer;
    try {
      answer = await this.call<StatusAnswer>(
        "GET",
        `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(trackingId)}`,
      );
    } catch (error) {
      if (!(error instanceof PesapalRefusal && isNotPaidYet(error.answer.error))) throw error;
      // Not paid yet: whatever code came with it, the order is still pending.
      answer = { ...error.answer, status_code: 0 };
    }
    // Branch on status_code, never on the description (its casing varies); 0 means not paid yet.
    const code = Number(answer.status_code ?? 0);
    const state = STATES[code] ?? "PENDING";
    return {
      state,
      amount: Number(answer.amount ?? 0),
      currency: String(answer.currency ?? ""),
      merchantReference: String(answer.merchant_reference ?? ""),
      paymentMethod: answer.payment_method || null,
      confirmationCode: answer.confirmation_code || null,
      description: answer.payment_status_description ?? answer.description ?? null,
      failure: state === "FAILED" ? pesapalFailure(answer.description) : null,
      providerAnswer: answer,
    };
  }

  /**
   * RefundRequest: money back for a completed payment, by its confirmation code. Pesapal's rules
   * (cards in part or in full, mobile money in full only, one refund per payment) come back as
   * its refusal, a PaymentError with code "refund_refused" and Pesapal's words.
   */
  async refund(request: RefundRequest): Promise<{ message: string }> {
    try {
      const answer = await this.call<PesapalAnswer>("POST", "/api/Transactions/RefundRequest", {
        confirmation_code: request.confirmationCode,
        amount: request.amount,
        username: request.by.slice(0, 100),
        remarks: request.reason.slice(0, 500),
      });
      return { message: answer.message ?? "Refund requested" };
    } catch (error) {
      if (
        error instanceof PesapalRefusal ||
        (error instanceof PaymentError && /^http_4/.test(error.code))
      ) {
        // Pesapal's own words: the owner reads them under the refund form.
        const words = error instanceof PesapalRefusal ? error.answer.error?.message : null;
        throw new PaymentError(words || error.message, "refund_refused");
      }
      throw error;
    }
  }

  readNotification(request: Request): Promise<PaymentNotification | Response> {
    return readPesapalNotification(request);
  }

  /** Pesapal sends the shopper back to the callback URL with OrderTrackingId in the query. */
  referenceFromReturn(url: URL): string | null {
    return url.searchParams.get("OrderTrackingId")?.slice(0, 100) || null;
  }
}

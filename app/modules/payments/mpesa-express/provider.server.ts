import { apiError } from "~/utils/api-error";
import {
  type AttemptFacts,
  type DemoPhone,
  PaymentError,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
} from "../provider";
import { readStkCallback, STK_CALLBACK_ACK } from "./callback";
import { type DarajaClient, MPESA_EXPRESS } from "./client.server";
import { promptDescription, STK_RESULT_CODES, stkResult, WRONG_AMOUNT } from "./daraja";
import { MPESA_CALLBACK_PATH } from "./description";
import type { DarajaEmulatorControl } from "./emulator.server";

/**
 * A prompt left unanswered ends on the phone after about a minute; after this long an attempt the
 * query still calls unfinished is failed (and its held units go back).
 */
export const PROMPT_EXPIRES_MS = 3 * 60_000;

const MAX_CALLBACK_BYTES = 8 * 1024;

export type MpesaExpressOptions = {
  client: DarajaClient;
  /** The shop's public address: Safaricom posts each prompt's result under it. */
  publicUrl: string;
  /** Demo mode: the emulator whose phone the waiting page shows, and where its buttons post. */
  demo?: { control: DarajaEmulatorControl; phoneUrl: string };
};

/**
 * M-Pesa Express as a payment provider: the prompt goes to the shopper's phone and the shopper
 * waits on the shop's own page. A callback only says which prompt ended; the STK query decides.
 */
export class MpesaExpressProvider implements PaymentProvider {
  readonly name = MPESA_EXPRESS;
  readonly attemptExpiresMs = PROMPT_EXPIRES_MS;

  constructor(private readonly options: MpesaExpressOptions) {}

  async submitOrder(request: PaymentRequest) {
    const callbackUrl = `${this.options.publicUrl}${MPESA_CALLBACK_PATH.replace(":token", request.token)}`;
    try {
      const answer = await this.options.client.stkPush({
        amount: request.amount,
        phone: request.payerPhone ?? request.customer.phone,
        // The prompt reads "pay KSh <amount> to <shop>, account <order>": whoever gets it can
        // tell what it is for, and a stranger's is easy to refuse.
        accountReference: request.orderReference,
        description: request.payee ? promptDescription(request.payee) : request.description,
        callbackUrl,
      });
      return { reference: answer.checkoutRequestId, redirectUrl: request.waitingUrl };
    } catch (error) {
      // Another prompt is open on that phone: the shopper's to finish, said in their words.
      if (error instanceof PaymentError && error.code === "mpesa_busy") {
        throw new PaymentError(error.message, error.code, "busy");
      }
      throw error;
    }
  }

  async getStatus(reference: string, attempt: AttemptFacts): Promise<PaymentStatus> {
    const answer = await this.options.client.stkQuery(reference);
    const claim = attempt.claim;
    const base = {
      currency: "KES",
      merchantReference: attempt.merchantReference,
      paymentMethod: "M-Pesa",
    };
    if (!answer.final) {
      return {
        ...base,
        state: "PENDING",
        amount: attempt.amount,
        confirmationCode: null,
        description: null,
        providerAnswer: answer,
      };
    }
    const result = stkResult(answer.resultCode);
    return {
      ...base,
      state: result.state,
      // The query names no amount: the callback's, when one came, must equal what was asked.
      amount: claim?.amount ?? attempt.amount,
      // The receipt comes only in the callback; the query proved the same prompt was paid.
      confirmationCode: result.state === "COMPLETED" ? (claim?.receipt ?? null) : null,
      description: answer.resultDesc,
      failure: result.failure,
      providerAnswer: answer,
    };
  }

  async readNotification(request: Request): Promise<PaymentNotification | Response> {
    const token = new URL(request.url).pathname.split("/").filter(Boolean).at(-1) ?? "";
    let body: unknown;
    try {
      const text = await request.text();
      if (text.length > MAX_CALLBACK_BYTES) throw new Error("too large");
      body = JSON.parse(text);
    } catch {
      return apiError(400, "INVALID_ARGUMENT", "The callback must be a JSON body of at most 8 KB.");
    }
    const callback = readStkCallback(body);
    if (typeof callback === "string") return apiError(400, "INVALID_ARGUMENT", callback);
    return {
      reference: callback.checkoutRequestId,
      token,
      claim: {
        resultCode: callback.resultCode,
        amount: callback.amount,
        receipt: callback.receipt,
        phone: callback.phone,
      },
      reply: (handled) =>
        handled
          ? Response.json(STK_CALLBACK_ACK)
          : Response.json({ ResultCode: 1, ResultDesc: "Rejected" }, { status: 500 }),
    };
  }

  demoPhone(reference: string): DemoPhone | null {
    const demo = this.options.demo;
    const prompt = demo?.control.prompt(reference);
    if (!demo || !prompt) return null;
    return {
      action: `${demo.phoneUrl}/${encodeURIComponent(reference)}`,
      amount: prompt.amount,
      payee: prompt.description,
      accountReference: prompt.accountReference,
      open: prompt.open,
      outcomes: [
        { answer: "timeout", label: "No answer (time out)" },
        ...Object.entries(STK_RESULT_CODES)
          .filter(([code]) => !["0", "1032", "1037"].includes(code))
          .map(([code, label]) => ({ answer: code, label: `${label} (${code})` })),
        { answer: WRONG_AMOUNT, label: "Paid, but the callback claims KSh 1 (wrong amount)" },
      ],
    };
  }
}

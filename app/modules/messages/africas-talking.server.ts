import { normaliseKenyanPhone } from "~/terms/phone";
import { AnswerTooLargeError, readLimitedText } from "~/utils/read-limited.server";
import { type MessageProvider, type OutgoingMessage, PermanentSendError } from "./sender.server";

/** The name messages record for SMS sent through Africa's Talking. */
export const AFRICAS_TALKING = "africastalking";

export const AFRICAS_TALKING_LIVE = "https://api.africastalking.com";
export const AFRICAS_TALKING_SANDBOX = "https://api.sandbox.africastalking.com";

export type AfricasTalkingOptions = {
  username: string;
  apiKey: string;
  /** An approved sender ID or short code; unset, the account's default. */
  senderId?: string;
  /** Unset: the sandbox for the username `sandbox`, the live API otherwise. */
  baseUrl?: string;
  /** The whole call, answer included, gets this long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** A send answer is a few hundred bytes; anything far larger is not Africa's Talking. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Per-recipient codes that mean "taken": Processed, Sent, Queued. */
const ACCEPTED = new Set([100, 101, 102]);
/** Per-recipient codes that will not change by trying again (the contract's list). */
const PERMANENT = new Set([401, 402, 403, 404, 405, 406, 407, 409]);

type Recipient = {
  statusCode?: number | string;
  number?: string;
  status?: string;
  messageId?: string;
};
type SendAnswer = { SMSMessageData?: { Message?: string; Recipients?: Recipient[] } };

/** A stored recipient (2547XXXXXXXX) in the international form the API takes: +2547XXXXXXXX. */
export function internationalNumber(recipient: string): string | null {
  const kenyan = normaliseKenyanPhone(recipient);
  if (kenyan) return `+${kenyan}`;
  const digits = recipient.replace(/[\s-]/g, "");
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/**
 * Africa's Talking's SMS API (POST /version1/messaging, form-encoded, the `apiKey` header), one
 * recipient per call. Only HTTP 201 with the recipient accepted (100, 101, 102) is a delivery;
 * the contract's refusals for good (an invalid number, a blacklisted user, ...) are
 * PermanentSendError; a 5xx, the codes 500 to 502, a timeout or a dropped connection are
 * retried by the outbox. A wrong API key (HTTP 401) is retried too: it is the shop's setting,
 * not the message, that is wrong, and the messages go out once the owner fixes it.
 */
export class AfricasTalkingSms implements MessageProvider {
  readonly name = AFRICAS_TALKING;
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: AfricasTalkingOptions) {
    const base =
      options.baseUrl ??
      (options.username === "sandbox" ? AFRICAS_TALKING_SANDBOX : AFRICAS_TALKING_LIVE);
    this.url = `${base.replace(/\/+$/, "")}/version1/messaging`;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async send(message: OutgoingMessage): Promise<{ id: string }> {
    const to = internationalNumber(message.recipient);
    if (!to) throw new PermanentSendError("The recipient is not a phone number.");
    const form = new URLSearchParams({
      username: this.options.username,
      to,
      message: message.body,
    });
    if (this.options.senderId) form.set("from", this.options.senderId);

    let status: number;
    let text: string;
    try {
      const response = await this.fetchImpl(this.url, {
        method: "POST",
        headers: {
          apiKey: this.options.apiKey,
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await readLimitedText(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof AnswerTooLargeError) {
        throw new Error(`Africa's Talking's answer was longer than ${MAX_ANSWER_BYTES} bytes.`);
      }
      throw new Error(
        (error as Error).name === "TimeoutError"
          ? `Africa's Talking did not answer within ${this.timeoutMs / 1000} s.`
          : `Africa's Talking could not be reached: ${(error as Error).message}`,
      );
    }

    if (status === 401) {
      throw new Error("Africa's Talking refused the API key (HTTP 401): check AT_API_KEY.");
    }
    if (status !== 201) {
      const said = text.trim().slice(0, 200);
      const sentence = `Africa's Talking answered HTTP ${status}${said ? `: ${said}` : ""}.`;
      // A request it cannot take as it is will not be taken later either; an overloaded or
      // failing gateway (5xx), a throttle (429) or a timeout (408) may.
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        throw new PermanentSendError(sentence);
      }
      throw new Error(sentence);
    }

    let answer: SendAnswer;
    try {
      answer = JSON.parse(text) as SendAnswer;
    } catch {
      throw new Error("Africa's Talking answered HTTP 201 with something that is not JSON.");
    }
    const recipient = answer.SMSMessageData?.Recipients?.[0];
    if (!recipient) {
      // No recipient line: the whole request was turned away (its Message says why).
      const said = answer.SMSMessageData?.Message ?? "no recipient in the answer";
      throw new Error(`Africa's Talking did not take the message: ${said}.`);
    }
    const code = Number(recipient.statusCode);
    const what = `${recipient.status ?? "status"} (${code})`;
    // Taken is taken, id or not: sending it again would be a second SMS.
    if (ACCEPTED.has(code)) return { id: recipient.messageId ?? "" };
    if (PERMANENT.has(code)) {
      throw new PermanentSendError(`Africa's Talking refused the number: ${what}.`);
    }
    throw new Error(`Africa's Talking could not send it this time: ${what}.`);
  }
}

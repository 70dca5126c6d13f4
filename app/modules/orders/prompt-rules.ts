import type { PaymentAttemptState } from "~/terms/payment-status";

/**
 * How many prompts one M-Pesa number may be sent in an hour, whichever orders ask: enough for a
 * shopper who missed one or two, too few for a stranger to make a victim's phone ring until they
 * type their PIN (the STK-push fraud: the victim pays for goods the stranger collects).
 */
export const PROMPTS_PER_NUMBER = 3;
export const PROMPT_WINDOW_MS = 60 * 60_000;

/** A prompt already asked of the number: its order, its attempt's state, when it was made. */
export type SentPrompt = { orderId: string; state: PaymentAttemptState; createdAt: Date };

export type PromptRefusal =
  /** Another order's prompt may still be on the phone. */
  | { reason: "open" }
  /** The hour's prompts are used up; the next may go after `retryAfterMs`. */
  | { reason: "hourly"; retryAfterMs: number };

/**
 * Whether one more prompt may go to a number for `orderId`, given the prompts already asked of it.
 * Another order's prompt that is open (or was replaced, and may still be on the phone) and younger
 * than `expiresMs` blocks it: one prompt on a phone at a time. The order's own open prompt does
 * not: 'Send the prompt again' replaces it, and the hour's count bounds how often.
 */
export function promptRefusal(
  sent: readonly SentPrompt[],
  orderId: string | null,
  now: Date,
  expiresMs: number,
): PromptRefusal | null {
  const age = (p: SentPrompt) => now.getTime() - p.createdAt.getTime();
  const onPhone = sent.some(
    (p) =>
      p.orderId !== orderId && (p.state === "open" || p.state === "replaced") && age(p) < expiresMs,
  );
  if (onPhone) return { reason: "open" };
  const inHour = sent
    .filter((p) => age(p) < PROMPT_WINDOW_MS)
    .map((p) => p.createdAt.getTime())
    .sort((a, b) => a - b);
  if (inHour.length < PROMPTS_PER_NUMBER) return null;
  // The next prompt may go once enough of these have left the hour.
  const leaving = inHour[inHour.length - PROMPTS_PER_NUMBER]!;
  return {
    reason: "hourly",
    retryAfterMs: Math.max(leaving + PROMPT_WINDOW_MS - now.getTime(), 0),
  };
}

/** Whole minutes to wait, at least one, as a sentence says them. */
export const minutesToWait = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

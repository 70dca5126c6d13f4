import { containsNul } from "~/utils/nul";
import { resultCodeNumber } from "./daraja";

/**
 * The result callback Safaricom POSTs to CallBackURL when a prompt ends. It is not signed: anyone
 * can send one, so it only says which payment to confirm with the query endpoint (and carries the
 * receipt number, which only the callback gives).
 */
export type StkCallback = {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** What the callback says was paid; compare it with the order before trusting it. */
  amount: number | null;
  /** MpesaReceiptNumber: the confirmation code shown to the shopper and the shop. */
  receipt: string | null;
  /**
   * The payer's number as Daraja gave it: digits, or masked ('2547****5678') or hashed as Safaricom
   * now sends them. Kept as given, never read for anything: the shop knows whom it prompted.
   */
  phone: string | null;
  /** TransactionDate as Daraja sends it: YYYYMMDDHHmmss in Kenyan time. */
  transactionDate: string | null;
};

/** What the shop answers every callback it could read: Daraja expects exactly this. */
export const STK_CALLBACK_ACK = { ResultCode: 0, ResultDesc: "Accepted" } as const;

const MAX_ID = 100;
const MAX_TEXT = 500;
/** Daraja sends five items; a callback with far more is not one of its own. */
const MAX_ITEMS = 20;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An own property only: a hostile body's `__proto__` or inherited names are never read. */
const own = (object: Json, key: string): unknown =>
  Object.hasOwn(object, key) ? object[key] : undefined;

class Malformed extends Error {}

function id(value: unknown, name: string): string {
  if (typeof value !== "string" || !value.trim()) throw new Malformed(`${name} is missing.`);
  if (value.length > MAX_ID) throw new Malformed(`${name} is longer than ${MAX_ID} characters.`);
  return value;
}

/** A value Daraja sends as a number, also taken as a string of digits (some relays stringify). */
function digits(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d{1,20}$/.test(value.trim())) return value.trim();
  throw new Malformed(`${name} is not a number.`);
}

/**
 * The payer's number, as given: a callback is never refused for it (a masked or hashed number is
 * Safaricom's own, and refusing the callback lost its receipt). Anything but short text or digits
 * is dropped.
 */
function phoneOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value !== "string") return null;
  const text = value.trim();
  // Printable characters only: it is stored and may be shown to the owner.
  return text && text.length <= MAX_ID && !/[\p{Cc}\p{Cf}]/u.test(text) ? text : null;
}

function amountOf(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  const amount =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d{1,12}(\.\d{1,2})?$/.test(value.trim())
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(amount) || amount < 0) throw new Malformed("Amount is not a number.");
  return amount;
}

function read(body: unknown): StkCallback {
  const outer = isObject(body) ? own(body, "Body") : undefined;
  const callback = isObject(outer) ? own(outer, "stkCallback") : undefined;
  if (!isObject(callback)) throw new Malformed("The body has no Body.stkCallback object.");
  // PostgreSQL text cannot hold NUL; no callback of Daraja's carries one.
  if (containsNul(callback)) throw new Malformed("The callback contains a NUL character.");
  const merchantRequestId = id(own(callback, "MerchantRequestID"), "MerchantRequestID");
  const checkoutRequestId = id(own(callback, "CheckoutRequestID"), "CheckoutRequestID");
  const resultCode = resultCodeNumber(own(callback, "ResultCode"));
  if (resultCode === null) throw new Malformed("ResultCode is not a whole number.");
  const desc = own(callback, "ResultDesc") ?? "";
  if (typeof desc !== "string") throw new Malformed("ResultDesc is not text.");

  const found: Record<string, unknown> = {};
  const metadata = own(callback, "CallbackMetadata");
  if (metadata !== undefined && metadata !== null) {
    const items = isObject(metadata) ? own(metadata, "Item") : undefined;
    if (!Array.isArray(items)) throw new Malformed("CallbackMetadata has no Item list.");
    if (items.length > MAX_ITEMS) throw new Malformed("CallbackMetadata has too many items.");
    for (const item of items) {
      if (!isObject(item)) throw new Malformed("A CallbackMetadata item is not an object.");
      const name = own(item, "Name");
      if (typeof name !== "string") throw new Malformed("A CallbackMetadata item has no Name.");
      if (!Object.hasOwn(found, name)) found[name] = own(item, "Value");
    }
  }
  const receipt = found.MpesaReceiptNumber ?? null;
  if (receipt !== null && (typeof receipt !== "string" || receipt.length > MAX_ID)) {
    throw new Malformed("MpesaReceiptNumber is not a short text.");
  }
  return {
    merchantRequestId,
    checkoutRequestId,
    resultCode,
    resultDesc: desc.slice(0, MAX_TEXT),
    amount: amountOf(found.Amount),
    receipt: receipt || null,
    phone: phoneOf(found.PhoneNumber),
    transactionDate: digits(found.TransactionDate, "TransactionDate"),
  };
}

/**
 * Reads Daraja's callback JSON (`Body.stkCallback`). Answers the fields in the shop's terms, or
 * one English sentence saying why the body is not a callback. Never throws, whatever it is given.
 */
export function readStkCallback(body: unknown): StkCallback | string {
  try {
    return read(body);
  } catch (error) {
    // A Proxy or a getter could throw anything; only our own sentences are passed on.
    return error instanceof Malformed ? error.message : "The callback could not be read.";
  }
}

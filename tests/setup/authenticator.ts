import { createHmac } from "node:crypto";

/**
 * An authenticator app, as the tests' phone: the 6-digit code (RFC 6238: HMAC-SHA1 of the
 * 30-second step, dynamically truncated) for the otpauth:// link the shop showed.
 */
export function authenticatorCode(uri: string, at = Date.now()): string {
  const url = new URL(uri);
  const secret = base32(url.searchParams.get("secret") ?? "");
  const period = Number(url.searchParams.get("period") ?? 30);
  const digits = Number(url.searchParams.get("digits") ?? 6);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const mac = createHmac(url.searchParams.get("algorithm")?.toLowerCase() ?? "sha1", secret)
    .update(counter)
    .digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(value).padStart(digits, "0");
}

/** RFC 4648 base32, as authenticator links carry their key. */
function base32(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bits += index.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => Number.parseInt(b, 2)));
}

/** An answer longer than its reader allows; the rest of it was not read. */
export class AnswerTooLargeError extends Error {}

/**
 * The body of a provider's answer as text, read while it streams and abandoned past `maxBytes`:
 * a misbehaving server cannot make the shop hold an unbounded answer in memory.
 */
export async function readLimitedText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await response.body.cancel();
    throw new AnswerTooLargeError(`The answer is over ${maxBytes} bytes.`);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw new AnswerTooLargeError(`The answer is over ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

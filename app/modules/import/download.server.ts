/**
 * Downloading one exported image, within a time limit and a size limit, with a sentence for the
 * report when it fails.
 */

/** The address did not give an image: its message is the report's sentence. */
export class ImageFetchError extends Error {}

/** The image is larger than the limit the caller gave (announced, or while reading it). */
export class DownloadTooLarge extends Error {}

export type DownloadOptions = {
  /** How long the download may take. */
  timeoutMs: number;
  /** The most bytes an image may have. */
  maxBytes: number;
  fetch?: typeof fetch;
};

export async function downloadImage(url: URL, options: DownloadOptions): Promise<Buffer> {
  const { timeoutMs, maxBytes } = options;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
  } catch (error) {
    throw new ImageFetchError(`unreachable: ${fetchFailure(error, timeoutMs)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ImageFetchError(`unreachable: the server answered ${response.status}`);
  }
  const tooLarge = new DownloadTooLarge();
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge;
  }
  // Read at most the limit (plus one byte to know it was exceeded), whatever the headers said.
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const part of response.body ?? []) {
      size += part.byteLength;
      if (size > maxBytes) throw tooLarge;
      parts.push(part);
    }
  } catch (error) {
    if (error === tooLarge) throw error;
    throw new ImageFetchError(`unreachable: ${fetchFailure(error, timeoutMs)}`);
  }
  return Buffer.concat(parts);
}

function fetchFailure(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  }
  const cause = (error as { cause?: NodeJS.ErrnoException })?.cause;
  const code = cause?.code ?? "";
  const known = NETWORK_ERRORS[code];
  if (known) return `${known} (${code})`;
  return code || cause?.message || (error as Error)?.message || "the download failed";
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "the server refused the connection",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be looked up",
  ECONNRESET: "the connection was cut",
  UND_ERR_CONNECT_TIMEOUT: "no connection within the time limit",
};

/**
 * What a refused call to better-auth said: its error code, status and sentence; null for any
 * other error, which the caller throws on. better-auth's error class is loaded only then: the
 * auth itself is loaded on first use (deferredAuth).
 */
export async function refusal(error: unknown) {
  const { APIError } = await import("better-auth/api");
  if (!(error instanceof APIError)) return null;
  const code = (error.body as { code?: string } | undefined)?.code;
  return { code, status: error.status, message: error.message };
}

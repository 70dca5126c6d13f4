/** The JSON endpoints' error shape, `{error: {status, message}}`, as the spec's callable returns. */
export const apiError = (httpStatus: number, code: string, message: string) =>
  Response.json({ error: { status: code, message } }, { status: httpStatus });

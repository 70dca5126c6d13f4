import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { sharedPageContext } from "~/services.server";
import { contentSecurityPolicy } from "~/utils/content-security-policy";
import { logger } from "~/utils/logger.server";
import { isBodyOverLimit } from "../server/body-limit";

export const streamTimeout = 5_000;

/**
 * Aborted requests, and bodies cut off at their size limit (already answered 413), are not
 * errors worth a log line. A refused request (a 4xx, such as React
 * Router's 405 for a page without a form) is the sender's mistake: logged at info, without a
 * stack. Everything else is logged once, as an error, as JSON.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isBodyOverLimit(error)) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info(
      { status: error.status, method: request.method, url: request.url },
      "request refused",
    );
    return;
  }
  logger.error({ err: error, url: request.url }, "request failed");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A page kept for many visitors has its nonce replaced per answer (server/page-cache.ts).
  const shared = loadContext.get(sharedPageContext);
  // A fresh nonce per page; the development server's hot reloading injects scripts of its own.
  const nonce = import.meta.env.PROD
    ? (shared?.nonceMarker ?? randomBytes(16).toString("base64"))
    : undefined;
  if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the page cache get the whole page at once; people get the shell as soon as
    // it is ready.
    const readyOption =
      shared || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every Suspense boundary stays in place in the HTML, however large: React would
        // otherwise send a large one after the rest, to be put in place by an inline script,
        // leaving a page without JavaScript without it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

import type { NextFunction, Request, Response } from "express";

/** Answers a request whose body is over its limit (the status is already 413). */
export type TooLarge = (req: Request, res: Response) => void;

const KB = 1024;
/** The JSON checkout's body. */
export const SMALL_JSON_BYTES = 8 * KB;
/** Any form. */
export const FORM_BYTES = 64 * KB;
/** The product editor's photos (3 of at most 10 MB): the largest body the shop takes. */
export const PHOTOS_BYTES = 32 * 1024 * KB;

/**
 * A body declared larger than its limit is answered at once and the rest is discarded unread, so
 * a browser still uploading sees the answer. Past this size the connection is closed instead.
 */
const DISCARD_AT_MOST = 64 * 1024 * 1024;

/** How long a refused client may go on sending before its connection is closed regardless. */
const LINGER_MS = 5_000;

const overLimit = () =>
  Object.assign(new Error("The request body is over its limit."), { status: 413 });

/**
 * Bounds every request body while it streams, chunked or not, before anything reads it (React
 * Router, the payment emulator). The bytes are counted where the HTTP parser hands them to the
 * request stream; the chunk that passes the limit and every one after it are dropped. The request
 * gets a 413 and its connection is closed; whoever was reading the body gets an error, never a
 * body cut short that could pass for a whole one.
 */
export function bodyLimit(limitFor: (req: Request) => number, tooLarge: TooLarge) {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = limitFor(req);
    const refuse = () => {
      if (res.headersSent) return;
      res.status(413);
      tooLarge(req, res);
    };

    const declared = Number(req.get("content-length") ?? 0);
    if (declared > limit) {
      if (declared > DISCARD_AT_MOST) {
        res.setHeader("Connection", "close");
        closeGently(req);
      }
      refuse();
      return;
    }

    let received = 0;
    let over = false;
    const push = req.push;
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      const end = chunk === null || chunk === undefined;
      if (over) {
        // Dropped, and read on so the answer is not lost (see closeGently); the reader gets an
        // error once the client is done, or has sent too much.
        if (!end) received += (chunk as Buffer | string).length;
        if (end || received > limit + DISCARD_AT_MOST) req.destroy(overLimit());
        return true;
      }
      if (!end) {
        received += (chunk as Buffer | string).length;
        if (received > limit) {
          over = true;
          res.setHeader("Connection", "close");
          closeGently(req);
          refuse();
          return true;
        }
      }
      return push.call(req, chunk, encoding);
    };
    next();
  };
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written. Closing a socket with
 * the client's bytes still unread makes the kernel reset the connection, and a reset can drop the
 * answer before the client reads it: the client sees "connection reset" instead of the 413. So
 * end our side, keep reading (and dropping) what still comes, and close for good when the client
 * stops or after LINGER_MS.
 */
function closeGently(req: Request) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    socket.once("end", () => socket.destroy());
  };
}

/** Marks the error a reader of an over-limit body gets, so it is not logged as a failure. */
export function isBodyOverLimit(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { status?: unknown }).status === 413
  );
}

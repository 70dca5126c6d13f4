import type { NextFunction, Request, Response } from "express";

/** Answers a request whose body is over its limit (the status is already 413). */
export type TooLarge = (req: Request, res: Response) => void;

/**
 * A body declared larger than its limit is answered at once and the rest is discarded unread, so
 * a browser still uploading sees the answer. Past this size the connection is closed instead.
 */
const DISCARD_AT_MOST = 64 * 1024 * 1024;

/**
 * Bounds every request body while it streams, chunked or not, before anything reads it (React
 * Router, the payment emulator). The bytes are counted where the HTTP parser hands them to the
 * request stream; the chunk that passes the limit is never passed on. Then the request gets a 413
 * and its connection is closed once the answer is out; whoever was reading the body gets an
 * error, never a body cut short that could pass for a whole one.
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
      if (declared > DISCARD_AT_MOST) res.setHeader("Connection", "close");
      refuse();
      return;
    }

    let received = 0;
    let over = false;
    const push = req.push;
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (over) return false;
      if (chunk !== null && chunk !== undefined) {
        received += (chunk as Buffer | string).length;
        if (received > limit) {
          over = true;
          res.setHeader("Connection", "close");
          refuse();
          // Destroying the request also closes its connection: only after the 413 has gone out.
          const error = Object.assign(new Error("The request body is over its limit."), {
            status: 413,
          });
          if (res.writableFinished) req.destroy(error);
          else res.once("finish", () => req.destroy(error)).once("close", () => req.destroy(error));
          // Reading stops here: the client's further bytes stay in its own buffers, not ours.
          return false;
        }
      }
      return push.call(req, chunk, encoding);
    };
    next();
  };
}

/** Marks the error a reader of an over-limit body gets, so it is not logged as a failure. */
export function isBodyOverLimit(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { status?: unknown }).status === 413
  );
}

import type { NextFunction, Request, Response } from "express";
import { notificationAt } from "~/modules/payments/catalogue";

/** The endpoints that take a body of their own type: the JSON checkout and payment notifications. */
export const ownBodyType = (path: string) =>
  path === "/api/checkout" || notificationAt(path) !== null;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** A NUL byte, raw or percent-encoded: PostgreSQL text cannot hold one. */
const NUL = /%00|\0/i;

export const ADDRESS_NUL = "The address contains a character that is not allowed (a NUL byte).";
export const NOT_A_FORM =
  "This address accepts only forms (application/x-www-form-urlencoded or multipart/form-data).";

/**
 * Refuses, before React Router, requests no page of the shop can answer: a NUL byte in the path
 * or query (400), or a body to a form action that is not a form (415). The actions then only
 * ever see what a browser's form sends; what is inside the form is checked by readForm.
 */
export function refuseMalformedRequests(req: Request, res: Response, next: NextFunction) {
  if (NUL.test(req.originalUrl)) {
    res.status(400).type("text/plain").send(ADDRESS_NUL);
    return;
  }
  // React Router matches paths without regard to case or a trailing slash.
  const path = req.path.toLowerCase().replace(/\/+$/, "");
  if (BODY_METHODS.has(req.method) && !ownBodyType(path) && !req.is(FORM_TYPES)) {
    res.status(415).type("text/plain").send(NOT_A_FORM);
    return;
  }
  next();
}

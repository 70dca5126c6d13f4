import type express from "express";

const SECURE = /;\s*secure\s*(;|$)/i;

/**
 * Marks every cookie the shop sets as Secure, whoever sets it (the cart, the flash toast, the
 * retry, the admin session): the pipeline mounts it when PUBLIC_URL is https, so no cookie can
 * forget it and no module needs to know how the shop is served.
 */
export function secureCookies(): express.RequestHandler {
  return (_req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => {
      if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
      const secure = (cookie: string) => (SECURE.test(cookie) ? cookie : `${cookie}; Secure`);
      const cookies = Array.isArray(value) ? value.map(String) : [String(value)];
      return setHeader(name, cookies.map(secure));
    };
    next();
  };
}

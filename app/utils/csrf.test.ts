import { describe, expect, test } from "vitest";
import { isCrossSiteRequest } from "./csrf";

const allowedOrigins = ["https://shop.example.co.ke", "http://localhost:3000"];
const exempt = new Set(["/api/pesapal/ipn", "/api/checkout"]);
const isExempt = (path: string) => exempt.has(path);
const post = (extra: Partial<Parameters<typeof isCrossSiteRequest>[0]>) =>
  isCrossSiteRequest({ method: "POST", path: "/cart", allowedOrigins, isExempt, ...extra });

describe("CSRF origin check", () => {
  test("reads are never refused", () => {
    expect(
      isCrossSiteRequest({
        method: "GET",
        path: "/",
        origin: "https://evil.example",
        allowedOrigins,
        isExempt,
      }),
    ).toBe(false);
  });

  test("a POST from our own origin passes", () => {
    expect(post({ origin: "https://shop.example.co.ke" })).toBe(false);
    expect(post({ origin: "http://localhost:3000" })).toBe(false);
  });

  test("a POST from another site is refused", () => {
    expect(post({ origin: "https://evil.example" })).toBe(true);
    expect(post({ origin: "https://shop.example.co.ke.evil.example" })).toBe(true);
  });

  test("without Origin the Referer decides; with neither the POST is refused", () => {
    expect(post({ referer: "https://shop.example.co.ke/product/101" })).toBe(false);
    expect(post({ referer: "https://evil.example/page" })).toBe(true);
    expect(post({ origin: "null", referer: null })).toBe(true);
    expect(post({})).toBe(true);
  });

  test("the paths the server exempts (notifications, the JSON checkout API) pass", () => {
    expect(post({ path: "/api/pesapal/ipn", origin: "https://pesapal.example" })).toBe(false);
    expect(post({ path: "/api/checkout" })).toBe(false);
  });
});

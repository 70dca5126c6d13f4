import { describe, expect, test } from "vitest";

// The shop as deployed: behind https. Set before any module reads the configuration.
process.env.PUBLIC_URL = "https://shop.example.co.ke";
const { cartCookie } = await import("~/modules/cart/cart.server");
const { flashCookie } = await import("~/modules/cart/flash.server");

const attributes = (header: string) =>
  header
    .split(";")
    .slice(1)
    .map((part) => part.trim().split("=")[0]!.toLowerCase());

describe("the shop's cookies under https", () => {
  test.each([
    ["cart", () => cartCookie.serialize("0b7e4a4e-2f0c-4d7e-9a57-6d4f2b1c9e10")],
    ["flash", () => flashCookie.serialize({ kind: "success", message: "Added to cart!" })],
    ["flash, cleared", () => flashCookie.serialize("", { maxAge: 0 })],
  ])("the %s cookie is Secure, http-only and SameSite=Lax", async (_name, write) => {
    const header = await write();
    expect(attributes(header)).toEqual(expect.arrayContaining(["secure", "httponly", "samesite"]));
    expect(header).toMatch(/SameSite=Lax/i);
  });

  test("what was written reads back", async () => {
    const header = await flashCookie.serialize({ kind: "error", message: "Out of stock." });
    expect(await flashCookie.parse(header.split(";")[0]!)).toEqual({
      kind: "error",
      message: "Out of stock.",
    });
  });
});

import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listenLocally } from "../tests/setup/listen";
import { ADDRESS_NUL, NOT_A_FORM, refuseMalformedRequests } from "./refuse-malformed";

let origin: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(refuseMalformedRequests);
  app.all("/{*splat}", (_req, res) => {
    res.type("text/plain").send("passed");
  });
  ({ base: origin, close } = await listenLocally(app));
});
afterAll(() => close?.());

const answer = async (path: string, init?: RequestInit) => {
  const response = await fetch(origin + path, init);
  return `${response.status} ${await response.text()}`;
};
const post = (body: BodyInit | null, type?: string, method = "POST"): RequestInit => ({
  method,
  body,
  headers: type ? { "Content-Type": type } : {},
});

describe("refuseMalformedRequests", () => {
  test("a NUL byte, raw or encoded, in the path or query is a 400", async () => {
    expect(await answer("/shop?q=a%00b")).toBe(`400 ${ADDRESS_NUL}`);
    expect(await answer("/product/1%00")).toBe(`400 ${ADDRESS_NUL}`);
    expect(await answer("/order-success?OrderTrackingId=x%00")).toBe(`400 ${ADDRESS_NUL}`);
    expect(await answer("/shop?q=%2500")).toBe("200 passed");
  });

  test("a form action refuses a body that is not a form with a 415", async () => {
    expect(await answer("/cart", post('{"intent":"add"}', "application/json"))).toBe(
      `415 ${NOT_A_FORM}`,
    );
    expect(await answer("/login", post("hello", "text/plain"))).toBe(`415 ${NOT_A_FORM}`);
    expect(await answer("/contact", post("<a/>", "application/xml"))).toBe(`415 ${NOT_A_FORM}`);
    expect(await answer("/admin", post(null))).toBe(`415 ${NOT_A_FORM}`);
    expect(await answer("/admin/products/7", post("x", "text/plain", "DELETE"))).toBe(
      `415 ${NOT_A_FORM}`,
    );
  });

  test("forms pass, and the JSON checkout and the IPN keep their own types", async () => {
    expect(await answer("/cart", post("intent=add", "application/x-www-form-urlencoded"))).toBe(
      "200 passed",
    );
    const form = new FormData();
    form.set("intent", "add");
    expect(await answer("/cart", { method: "POST", body: form })).toBe("200 passed");
    expect(await answer("/api/checkout", post("{}", "application/json"))).toBe("200 passed");
    expect(await answer("/API/Checkout/", post("{}", "application/json"))).toBe("200 passed");
    expect(await answer("/api/pesapal/ipn", post("{}", "application/json"))).toBe("200 passed");
    expect(await answer("/shop?q=kitenge")).toBe("200 passed");
  });
});

import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cartCookie } from "~/modules/cart/cart.server";
import { flashCookie } from "~/modules/cart/flash.server";
import { secureCookies } from "./secure-cookies";

const attributes = (header: string) =>
  header
    .split(";")
    .slice(1)
    .map((part) => part.trim().split("=")[0]!.toLowerCase());

// Two shops: one served over https (the pipeline mounts secureCookies) and one over http.
let servers: { https: string; http: string };
let close: () => void;
beforeAll(async () => {
  const shop = (secure: boolean) => {
    const app = express();
    if (secure) app.use(secureCookies());
    app.get("/", async (_req, res) => {
      // As React Router's Express adapter writes them: one append per cookie.
      res.append("Set-Cookie", await cartCookie.serialize("0b7e4a4e-2f0c-4d7e-9a57-6d4f2b1c9e10"));
      res.append("Set-Cookie", await flashCookie.serialize({ kind: "success", message: "Added" }));
      res.append("Set-Cookie", "already=1; Path=/; Secure; HttpOnly");
      res.send("ok");
    });
    const listener = app.listen(0, "127.0.0.1");
    return listener;
  };
  const [a, b] = [shop(true), shop(false)];
  await Promise.all([a, b].map((l) => new Promise((r) => l.once("listening", r))));
  const url = (l: ReturnType<typeof shop>) =>
    `http://127.0.0.1:${(l.address() as AddressInfo).port}`;
  servers = { https: url(a), http: url(b) };
  close = () => {
    a.close();
    b.close();
  };
});
afterAll(() => close?.());

describe("the shop's cookies", () => {
  test("served over https, every cookie is Secure, http-only and SameSite=Lax, once", async () => {
    const cookies = (await fetch(servers.https)).headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    for (const header of cookies) {
      expect(attributes(header)).toEqual(expect.arrayContaining(["secure", "httponly"]));
      expect(attributes(header).filter((a) => a === "secure")).toHaveLength(1);
    }
    expect(cookies.slice(0, 2).every((c) => /SameSite=Lax/i.test(c))).toBe(true);
  });

  test("served over http (a developer's machine), they are not Secure, or no browser keeps them", async () => {
    const cookies = (await fetch(servers.http)).headers.getSetCookie();
    expect(cookies.slice(0, 2).some((c) => attributes(c).includes("secure"))).toBe(false);
  });

  test("what was written reads back", async () => {
    const header = await flashCookie.serialize({ kind: "error", message: "Out of stock." });
    expect(await flashCookie.parse(header.split(";")[0]!)).toEqual({
      kind: "error",
      message: "Out of stock.",
    });
  });
});

import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { listenLocally } from "../tests/setup/listen";
import { isSharedPageRequest, pageCache } from "./page-cache";

// A stand-in for React Router: a page naming its render, its price, a slot for the shopper's cart
// and its nonce in a script, with the CSP header naming the same nonce, as entry.server.tsx
// renders pages. The shopper's parts come from their cookie, as the shop's fill reads it.
let renders: { url: string; marker: string; referer: string | null; cookie: string | null }[] = [];
let price = 1200;
let version = 0;
let status = 200;
let setCookie = false;
let slow: Promise<void> = Promise.resolve();
let padding = "";

let origin: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(
    pageCache({
      origin: "https://shop.example",
      version: () => version,
      maxBytes: 64 * 1024,
      // As the shop does: a product page varies by the listing it was reached from.
      vary: (req): Record<string, string> => {
        const from = req.get("referer")?.match(/\/shop\?category=\w+/)?.[0];
        return req.path.startsWith("/product/") && from
          ? { referer: `https://shop.example${from}` }
          : {};
      },
      async fill(req) {
        const cart = /cart=(\w+)/.exec(req.headers.cookie ?? "")?.[1] ?? "empty";
        const flash = /flash=(\w+)/.exec(req.headers.cookie ?? "")?.[1];
        return {
          slots: { cart: `<b>cart of ${cart}</b>`, ...(flash ? { flash: `<i>${flash}</i>` } : {}) },
          setCookie: flash ? ["flash=; Max-Age=0"] : [],
        };
      },
      async render(request, { shared }) {
        const marker = shared?.nonceMarker ?? "";
        const slot = (name: string) =>
          shared ? `${shared.shopperMarker}:${name}:` : `own ${name}`;
        renders.push({
          url: request.url,
          marker,
          referer: request.headers.get("referer"),
          cookie: request.headers.get("cookie"),
        });
        await slow;
        const headers = new Headers({
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": `script-src 'nonce-${marker}'`,
        });
        if (setCookie) headers.set("Set-Cookie", "cart=someone; HttpOnly");
        const body = `<p>${new URL(request.url).pathname} KSh ${price} render ${renders.length}${padding}</p>${slot("cart")}${slot("flash")}<script nonce="${marker}">go()</script>`;
        return new Response(body, { status, headers });
      },
    }),
  );
  app.all("/{*splat}", (_req, res) => res.type("text/plain").send("rendered for this visitor"));
  ({ base: origin, close } = await listenLocally(app));
});
afterAll(() => close?.());
beforeEach(() => {
  renders = [];
  version++;
  status = 200;
  setCookie = false;
  slow = Promise.resolve();
  padding = "";
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(origin + path, { headers });
  const body = await response.text();
  const nonce = /nonce="([^"]+)"/.exec(body)?.[1];
  return { response, body, nonce, cache: response.headers.get("x-page-cache") };
};

describe("isSharedPageRequest", () => {
  const req = (path: string, headers: Record<string, string> = {}, method = "GET") => ({
    method,
    path,
    headers,
  });
  test("storefront pages are shared, with cookies or without", () => {
    for (const path of ["/", "/shop", "/product/101", "/about", "/contact", "/delivery", "/menu"])
      expect(isSharedPageRequest(req(path)), path).toBe(true);
    expect(isSharedPageRequest(req("/shop", { cookie: "cart=1" }))).toBe(true);
  });
  test("credentials, another method, data requests and private pages are not", () => {
    expect(isSharedPageRequest(req("/shop", { authorization: "Bearer x" }))).toBe(false);
    expect(isSharedPageRequest(req("/shop", {}, "POST"))).toBe(false);
    expect(isSharedPageRequest(req("/shop", {}, "HEAD"))).toBe(false);
    for (const path of ["/shop.data", "/cart", "/admin", "/orders/abc", "/order-success", "/login"])
      expect(isSharedPageRequest(req(path)), path).toBe(false);
  });
});

describe("pageCache", () => {
  test("a page is rendered once, then answered from memory, each time with its own nonce", async () => {
    const first = await get("/shop?category=dresses");
    const second = await get("/shop?category=dresses");
    expect(renders).toHaveLength(1);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.body).toContain("render 1");
    expect(first.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    for (const answer of [first, second]) {
      expect(answer.response.headers.get("content-security-policy")).toBe(
        `script-src 'nonce-${answer.nonce}'`,
      );
      expect(answer.body).not.toContain(renders[0]!.marker);
    }
  });

  test("a change to the catalogue makes the next request render afresh", async () => {
    await get("/product/101");
    price = 1500;
    version++;
    const after = await get("/product/101");
    expect(after.cache).toBe("miss");
    expect(after.body).toContain("KSh 1500");
  });

  test("a page kept per value of what it varies by, rendered with that value only", async () => {
    const fromDresses = { referer: "https://shop.example/shop?category=dresses&page=3" };
    const fromTops = { referer: "https://shop.example/shop?category=tops" };
    await get("/product/102", fromDresses);
    await get("/product/102", fromTops);
    await get("/product/102", { referer: "https://elsewhere.example/" });
    expect(renders.map((r) => r.referer)).toEqual([
      "https://shop.example/shop?category=dresses",
      "https://shop.example/shop?category=tops",
      null,
    ]);
    expect((await get("/product/102", fromDresses)).body).toContain("render 1");
    expect((await get("/product/102", fromTops)).body).toContain("render 2");
    expect((await get("/product/102")).body).toContain("render 3");
    expect(renders).toHaveLength(3);
  });

  test("every shopper gets the one kept page with their own parts, never another's", async () => {
    const empty = await get("/shop?mine");
    const ann = await get("/shop?mine", { cookie: "cart=ann" });
    const ben = await get("/shop?mine", { cookie: "cart=ben; flash=added" });
    expect(renders).toHaveLength(1);
    // The kept page was rendered with no shopper's cookies at all.
    expect(renders[0]!.cookie).toBeNull();
    expect([empty.cache, ann.cache, ben.cache]).toEqual(["miss", "hit", "hit"]);
    expect(empty.body).toContain("<b>cart of empty</b><script");
    expect(ann.body).toContain("<b>cart of ann</b><script");
    expect(ben.body).toContain("<b>cart of ben</b><i>added</i><script");
    expect(ann.body).not.toContain("ben");
    for (const answer of [empty, ann, ben]) expect(answer.body).not.toContain("shopper");
    // A one-time message is spent by the answer that shows it.
    expect(ben.response.headers.get("set-cookie")).toBe("flash=; Max-Age=0");
    expect(ann.response.headers.get("set-cookie")).toBeNull();
    expect(new Set([empty.nonce, ann.nonce, ben.nonce]).size).toBe(3);
  });

  test("concurrent shoppers each get their own parts and nonce", async () => {
    const names = Array.from({ length: 40 }, (_, i) => `shopper${i}x`);
    const answers = await Promise.all(
      names.map((name) => get("/about", { cookie: `cart=${name}` })),
    );
    answers.forEach((answer, i) => {
      expect(answer.body).toContain(`<b>cart of ${names[i]}</b>`);
      expect(answer.body.match(/cart of \w+/g)).toHaveLength(1);
    });
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(names.length);
    expect(renders).toHaveLength(1);
  });

  test("a request with credentials gets a page rendered for it, never kept", async () => {
    const own = await get("/shop?mine", { authorization: "Bearer token" });
    expect(own.cache).toBeNull();
    expect(own.body).toContain("own cart");
    expect(renders[0]!.marker).toBe("");
    // A cookie the page sets reaches it.
    setCookie = true;
    const again = await get("/shop?mine", { authorization: "Bearer token" });
    expect(again.response.headers.get("set-cookie")).toBe("cart=someone; HttpOnly");
  });

  test("other requests pass on to the rest of the shop", async () => {
    expect((await get("/cart")).body).toBe("rendered for this visitor");
    const post = await fetch(`${origin}/shop`, { method: "POST" });
    expect(await post.text()).toBe("rendered for this visitor");
    expect(renders).toHaveLength(0);
  });

  test("pages are rendered for the shop's address, whatever Host the request names", async () => {
    await get("/about", { "x-forwarded-host": "evil.example" });
    expect(renders.map((r) => r.url)).toEqual(["https://shop.example/about"]);
  });

  test("requests arriving during a render wait for it instead of rendering again", async () => {
    let finish = () => {};
    slow = new Promise((resolve) => {
      finish = resolve;
    });
    const answers = Promise.all([get("/delivery"), get("/delivery"), get("/delivery")]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    const pages = await answers;
    expect(renders).toHaveLength(1);
    expect(new Set(pages.map((p) => p.nonce)).size).toBe(3);
  });

  test("an error page or one that sets a cookie is answered but not kept", async () => {
    status = 404;
    expect((await get("/product/nope")).response.status).toBe(404);
    expect((await get("/product/nope")).response.status).toBe(404);
    expect(renders).toHaveLength(2);
    status = 200;
    setCookie = true;
    const first = await get("/returns");
    expect(first.response.headers.get("set-cookie")).toBeNull();
    await get("/returns");
    expect(renders).toHaveLength(4);
  });

  test("answers are compressed as the browser accepts", async () => {
    const br = await fetch(`${origin}/contact`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toContain("/contact");
    const plain = await fetch(`${origin}/contact`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  test("memory is bounded: the least recently used pages go first", async () => {
    // Each page is about 1 KB; 64 KB keeps about sixty of them.
    padding = ".".repeat(1024);
    for (let i = 0; i < 100; i++) await get(`/shop?page=${i}`);
    renders = [];
    await get("/shop?page=99");
    await get("/shop?page=0");
    expect(renders.map((r) => new URL(r.url).search)).toEqual(["?page=0"]);
  });
});

import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { PaymentProviders } from "~/modules/payments/registry";
import { databases } from "../setup/databases";
import { FakePay } from "../setup/fake-pay";
import { testServices } from "../setup/services";
import { startShop } from "../setup/shop-server";

// A shop's settings are values handed to its services: each case serves the same database with
// the settings it is about, in this process, where a setting once cost a server of its own.
let shop: Awaited<ReturnType<typeof startShop>>;
let handle: DatabaseHandle & { dispose(): Promise<void> };
const pay = new FakePay();

/** From now on the shop answers with these settings (on top of the shop's defaults). */
async function serveWith(given: Record<string, string> = {}) {
  const services = await testServices(
    handle,
    { payments: new PaymentProviders([pay]) },
    shop.settings(given),
  );
  shop.serve(services);
  return services;
}

const page = async (path: string) => {
  const response = await fetch(shop.origin + path);
  expect(response.status, path).toBe(200);
  return response.text();
};

const WRAP = { id: "9401", name: "Amani Kitenge Wrap", price: 2600 };

beforeAll(async () => {
  shop = await startShop();
  // Settings do not touch SQL: one database serves every case.
  handle = await databases[0]!.open();
  await handle.db.insert(products).values({
    ...WRAP,
    description: "A wrap of kitenge cotton.",
    category: "accessories",
    isFeatured: true,
  });
});

afterAll(async () => {
  await shop?.close();
  await handle?.dispose();
});

describe("METRICS_TOKEN", () => {
  const token = "metrics-token-for-the-suite";
  const scrape = (authorization?: string) =>
    fetch(`${shop.origin}/metrics`, {
      headers: authorization ? { Authorization: authorization } : {},
    });

  test("unset, /metrics does not exist", async () => {
    await serveWith();
    expect((await scrape(`Bearer ${token}`)).status).toBe(404);
  });

  test("set, /metrics answers only with the token, counting requests by route pattern", async () => {
    await serveWith({ METRICS_TOKEN: token });
    const notFound = (text: string) =>
      Number(
        text.match(
          /shop_http_request_duration_seconds_count\{method="GET",route="\/product\/:id",status="404"\} (\d+)/,
        )?.[1] ?? 0,
      );
    const read = async () => {
      const response = await scrape(`Bearer ${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };
    const before = notFound(await read());
    await fetch(`${shop.origin}/product/998`);
    await fetch(`${shop.origin}/product/999`);
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer not-the-token-at-all")).status).toBe(401);
    const text = await read();
    // Two product pages that do not exist, counted under the route's pattern, not their paths.
    expect(notFound(text) - before).toBe(2);
    expect(text).not.toContain("/product/998");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("shop_orders_created_total");
  });
});

describe("FREE_DELIVERY_OVER", () => {
  const offer = /Free delivery on orders of/;

  test("by default, KSh 5,000 or more travels free, and the product page and /delivery say so", async () => {
    await serveWith();
    expect(await page(`/product/${WRAP.id}`)).toMatch(offer);
    expect(await page("/delivery")).toContain('data-testid="free-delivery-offer"');
  });

  test("0 turns the offer and its sentences off, and a rider is charged over KSh 5,000", async () => {
    await serveWith({ FREE_DELIVERY_OVER: "0" });
    expect(await page(`/product/${WRAP.id}`)).not.toMatch(offer);
    expect(await page("/delivery")).not.toContain('data-testid="free-delivery-offer"');

    const response = await fetch(`${shop.origin}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        data: {
          items: [{ id: WRAP.id, quantity: 2 }],
          checkoutData: {
            name: "Akinyi Otieno",
            phone: "0712345678",
            email: "akinyi@example.co.ke",
            deliveryMethod: "rider",
            address: "Kilimani Road",
            city: "Nairobi",
          },
          total: 2 * WRAP.price + 300,
        },
      }),
    });
    expect(response.status).toBe(200);
    const [order] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.customerEmail, "akinyi@example.co.ke"));
    expect(order).toMatchObject({ deliveryFee: 300, amount: 2 * WRAP.price + 300 });
  });
});

describe("social links", () => {
  test("an empty SHOP_TIKTOK_URL hides that link; the others stay", async () => {
    await serveWith({ SHOP_TIKTOK_URL: "" });
    const home = await page("/");
    expect(home).toContain('<span class="sr-only">Instagram (opens in a new tab)</span>');
    expect(home).not.toContain("TikTok (opens in a new tab)");
    expect(home).not.toContain("tiktok.com");
  });

  test("by default every network's link shows", async () => {
    await serveWith();
    expect(await page("/")).toContain("TikTok (opens in a new tab)");
  });
});

/**
 * Posts `bytes` of form data in chunks (no Content-Length, as no browser would) and resolves with
 * the status as soon as the server answers, whether or not it read everything.
 */
function postChunked(url: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(url, {
      method: "POST",
      headers: {
        Origin: target.origin,
        "Content-Type": "application/x-www-form-urlencoded",
        "Transfer-Encoding": "chunked",
      },
    });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const write = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!answered) request.end();
    };
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.on("data", (d) => (body += d));
      response.on("end", () => {
        resolve({ status: response.statusCode!, body });
        request.destroy();
      });
    });
    // The server closes the connection after refusing: writes still under way may fail then.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    write();
  });
}

describe("request bodies", () => {
  test("a chunked body over its limit is refused while it streams, and memory stays flat", async () => {
    await serveWith();
    const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
    // Warm up the paths involved, then measure.
    await postChunked(`${shop.origin}/cart`, 1024 * 1024);
    const before = rssMb();
    // 8 posts of 128 MB at once: 1 GB in all, if anything kept it.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postChunked(`${shop.origin}/cart`, 128 * 1024 * 1024)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(413));
    expect(rssMb() - before).toBeLessThan(100);

    // The JSON endpoints take a few KB, and answer in their own shape.
    const api = await postChunked(`${shop.origin}/api/checkout`, 64 * 1024);
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "The request is too large." },
    });
  });

  test("a declared body over its limit gets 413 at once; a normal form still works", async () => {
    await serveWith();
    const declared = await fetch(`${shop.origin}/contact`, {
      method: "POST",
      headers: { Origin: shop.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(100 * 1024)}`,
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe("This request is too large.");

    const form = await fetch(`${shop.origin}/contact`, {
      method: "POST",
      headers: { Origin: shop.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Wanjiru", email: "not-an-email", subject: "general" }),
      redirect: "manual",
    });
    // Read and answered by the page itself: the form comes back with its errors.
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Please enter a valid email address");
  });
});

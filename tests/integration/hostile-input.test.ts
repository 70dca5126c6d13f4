import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { cartLines, carts, orders, paymentAttempts, products } from "~/db/schema";
import { createAdmin } from "~/modules/auth/admins.server";
import { cartCookie } from "~/modules/cart/cart.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { PROVIDER_DESCRIPTIONS } from "~/modules/payments/catalogue";
import { PaymentProviders } from "~/modules/payments/registry";
import routes from "~/routes";
import { ownBodyType } from "../../server/refuse-malformed";
import { adminSessionCookie } from "../setup/admin-session";
import { databases } from "../setup/databases";
import { startDaraja } from "../setup/mpesa";
import { testServices } from "../setup/services";
import { startShop } from "../setup/shop-server";
import { tempDir } from "../setup/temp-dir";

/**
 * Hostile input over HTTP, against the whole server: every form action and JSON endpoint of the
 * route table (a new action is covered the day it is added) gets bodies that are not forms,
 * broken uploads, NUL bytes and arbitrary fields. Whatever arrives, the answer is never a 5xx, a
 * refusal says why in a sentence, is not logged as an error, and stores nothing.
 */

/** Runs per property; each picks among all the routes, so every one is reached many times. */
const RUNS = 80;
const PRODUCT_ID = "9101";
const OWNER = { email: "fuzz@example.co.ke", password: "kitenge-fuzz-secret" };

type ConfigEntry = { path?: string; file: string; index?: boolean; children?: ConfigEntry[] };

/** Every route of the config with its full path (layouts add no segment). */
function flatten(entries: readonly ConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ path: full, file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

/** The addresses a route answers: params filled with `value`, an optional one also left out. */
function urlsFor(routePath: string, value = PRODUCT_ID): string[] {
  const fill = (keepOptional: boolean) =>
    `/${routePath
      .split("/")
      .map((segment) => {
        if (segment === "*") return `products/${encodeURIComponent(value)}.webp`;
        if (/^:\w+\?$/.test(segment)) return keepOptional ? encodeURIComponent(value) : "";
        if (/^:\w+$/.test(segment)) return encodeURIComponent(value);
        return segment;
      })
      .filter(Boolean)
      .join("/")}`;
  return [...new Set([fill(false), fill(true)])];
}

const table = await Promise.all(
  flatten(routes as readonly ConfigEntry[]).map(async (r) => {
    const module = (await import(/* @vite-ignore */ `~/${r.file}`)) as { action?: unknown };
    return { ...r, hasAction: typeof module.action === "function" };
  }),
);
/** Payment notifications are fuzzed at the paths their providers declare (a token filled in). */
const notificationUrls = PROVIDER_DESCRIPTIONS.flatMap((provider) =>
  provider.notifications.map((n) => n.path.replace(/:\w+/g, "fuzz-token-0123456789")),
);
const actionUrls = table
  .filter((r) => r.hasAction)
  .flatMap((r) =>
    r.file.endsWith("payment-notification.ts") ? notificationUrls : urlsFor(r.path),
  );
const isAdmin = (url: string) => url === "/admin" || url.startsWith("/admin/");
const takesJson = (url: string) => ownBodyType(url);

/** Field names the shop's forms read, so arbitrary values reach real code paths. */
const FIELD_NAMES = [
  "intent",
  "productId",
  "size",
  "quantity",
  "returnTo",
  "via",
  "email",
  "password",
  "name",
  "phone",
  "address",
  "city",
  "notes",
  "deliveryMethod",
  "subtotal",
  "trackingId",
  "subject",
  "message",
  "orderId",
  "status",
  "field",
  "price",
  "originalPrice",
  "category",
  "description",
  "keep",
  "code",
  "amount",
  "reason",
  "method",
  "reference",
  "lineCount",
  "refund:0",
  "restock:0",
  // The refund's confirming post (decision 60).
  "confirm",
  "kind",
  "value",
  "minOrder",
  "totalLimit",
  "perCustomerLimit",
  "startsAt",
  "endsAt",
  "categories",
  "salePrice",
  "payerPhone",
  "saleStartsAt",
  "saleEndsAt",
  "id",
  // 'Try again' and 'Pay again' (an attempt's id), and the browser suite's outbox clock.
  "attempt",
  "minutes",
  "order",
];
const INTENTS = [
  "add",
  "update",
  "remove",
  "clear",
  "checkout",
  "status",
  "toggle",
  "delete",
  "apply-code",
  "remove-code",
  "refund",
  "create",
  "end",
  "restart",
];

type Body = { body?: BodyInit; type?: string; label: string };

const asForm = (fields: [string, string][], multipart: boolean): Body => {
  if (!multipart) return { body: new URLSearchParams(fields), label: "urlencoded" };
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return { body: form, label: "multipart" };
};

/** Bodies no browser form sends: JSON, text, XML, nothing, a broken or unbounded upload. */
const notAForm: fc.Arbitrary<Body> = fc.oneof(
  fc.json().map((json) => ({ body: json, type: "application/json", label: "json" })),
  fc.string().map((text) => ({ body: text, type: "text/plain", label: "text" })),
  fc.string().map((text) => ({
    body: `<?xml version="1.0"?><order><name>${text.replace(/[<&]/g, "")}</name></order>`,
    type: "application/xml",
    label: "xml",
  })),
  fc.constant({ label: "none" }),
  fc
    .tuple(fc.stringMatching(/^[a-zA-Z0-9]{1,30}$/), fc.uint8Array({ maxLength: 200 }))
    .map(([boundary, bytes]) => ({
      body: new Uint8Array([
        ...new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name=`),
        ...bytes,
      ]),
      type: `multipart/form-data; boundary=${boundary}`,
      label: "broken multipart",
    })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
    body: bytes,
    type: "multipart/form-data",
    label: "multipart without a boundary",
  })),
  fc
    .tuple(fc.constantFrom("application/octet-stream", "image/png", "text/csv"), fc.string())
    .map(([type, text]) => ({ body: text, type, label: type })),
);

/** A string with a NUL byte somewhere in it. */
const withNul = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
  .map(([a, b]) => `${a}\0${b}`);

const fields = (values: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES), values), { maxLength: 8 });

/** A form (or for the JSON endpoints, JSON) that would pass as input but for one NUL byte. */
const formWithNul = (url: string): fc.Arbitrary<Body> => {
  if (takesJson(url)) {
    return fc
      .tuple(fc.constantFrom("name", "email", "size", "id", "OrderTrackingId"), withNul)
      .map(([where, nul]) => ({
        body: JSON.stringify({
          OrderTrackingId: where === "OrderTrackingId" ? nul : "track-1",
          data: {
            items: [
              {
                id: where === "id" ? nul : PRODUCT_ID,
                quantity: 1,
                size: where === "size" ? nul : "M",
              },
            ],
            checkoutData: {
              name: where === "name" ? nul : "Wanjiru Kamau",
              phone: "0712345678",
              email: where === "email" ? nul : "wanjiru@example.co.ke",
              deliveryMethod: "pickup",
            },
            total: 2500,
          },
        }),
        type: "application/json",
        label: `json with a NUL in ${where}`,
      }));
  }
  return fc
    .record({
      before: fields(fc.string({ maxLength: 30 })),
      nul: fc.oneof(
        fc.tuple(fc.constantFrom(...FIELD_NAMES), withNul),
        withNul.map((name): [string, string] => [name, "value"]),
      ),
      multipart: fc.boolean(),
      inFileName: fc.boolean(),
    })
    .map(({ before, nul, multipart, inFileName }) => {
      if (multipart && inFileName) {
        const form = new FormData();
        for (const [k, v] of before) form.append(k, v);
        form.append("images", new File([new Uint8Array([137, 80, 78, 71])], nul.join("")));
        return { body: form, label: "a NUL in a file name" };
      }
      return asForm([...before, nul], multipart);
    });
};

/** Any fields a form could carry, with plausible and arbitrary values. */
const anyForm: fc.Arbitrary<Body> = fc
  .tuple(
    fields(
      fc.oneof(
        fc.string(),
        fc.constantFrom(...INTENTS, PRODUCT_ID, "M", "99", "100", "-1", "/\t/evil.example", "yes"),
      ),
    ),
    fc.boolean(),
  )
  .map(([list, multipart]) => asForm(list, multipart));

const ACCEPTS = ["text/html,application/xhtml+xml", "application/json", "*/*"];

/** The sentence an answer gives: JSON's error message, a text body, or an HTML page's main text. */
function messageOf(type: string, text: string): string {
  if (type.includes("json")) {
    try {
      const json = JSON.parse(text) as { error?: unknown; message?: unknown };
      const error = json.error as { message?: unknown } | string | undefined;
      const message = typeof error === "string" ? error : (error?.message ?? json.message);
      return typeof message === "string" ? message : "";
    } catch {
      return "";
    }
  }
  if (type.includes("html")) {
    const main = /<main[\s\S]*?<\/main>/.exec(text)?.[0] ?? "";
    return main
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  }
  return text.trim();
}

const SENTENCE = /[A-Z][^.!?]{3,}[.!?]/;

let shop: Awaited<ReturnType<typeof startShop>>;
let errorLogs: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  shop = await startShop();
  // The logger the server writes with: a refused request must never be logged as an error.
  const { logger } =
    await shop.load<typeof import("~/utils/logger.server")>("~/utils/logger.server");
  errorLogs = vi.fn();
  vi.spyOn(logger, "error").mockImplementation(errorLogs as never);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await shop?.close();
});

test("the route table gives the fuzzing every form action and JSON endpoint", () => {
  expect(actionUrls).toEqual(
    expect.arrayContaining([
      "/cart",
      "/contact",
      "/login",
      "/order-success",
      "/admin",
      "/admin/products",
      `/admin/products/${PRODUCT_ID}`,
      "/api/checkout",
      "/api/pesapal/ipn",
      "/api/mpesa-express/callback/fuzz-token-0123456789",
      "/login/code",
      `/login/set-password/${PRODUCT_ID}`,
      `/login/setup/${PRODUCT_ID}`,
      "/admin/accounts",
      "/admin/security",
      "/__test/outbox-clock",
      `/product/${PRODUCT_ID}/back-in-stock`,
      `/stock-alerts/${PRODUCT_ID}`,
    ]),
  );
});

describe.each(databases)("hostile input over HTTP, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let adminCookie: string;

  beforeAll(async () => {
    handle = await database.open();
    const services = await testServices(
      handle,
      { media: new DiskStorage(tempDir("fuzz-media")) },
      shop.settings(),
    );
    shop.serve(services);
    await handle.db.insert(products).values({
      id: PRODUCT_ID,
      name: "Zuri Kitenge Wrap Dress",
      description: "A wrap dress.",
      category: "dresses",
      price: 2500,
      sizes: ["S", "M"],
    });
    await createAdmin(services.auth, OWNER);
    adminCookie = await adminSessionCookie(services, OWNER, "10.9.0.7", shop.origin);
  });

  afterAll(async () => {
    await handle?.dispose();
  });

  const counts = async () => ({
    orders: await handle.db.$count(orders),
    carts: await handle.db.$count(carts),
    cartLines: await handle.db.$count(cartLines),
    products: await handle.db.$count(products),
  });

  async function send(url: string, init: RequestInit & { accept?: string; cookie?: string }) {
    const response = await fetch(shop.origin + url, {
      method: init.method ?? "POST",
      body: init.body,
      redirect: "manual",
      headers: {
        Origin: shop.origin,
        Accept: init.accept ?? ACCEPTS[0]!,
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    const text = await response.text();
    return {
      status: response.status,
      message: messageOf(response.headers.get("content-type") ?? "", text),
    };
  }

  /** The answer is no server error; a refusal says why; nothing stored; no error logged. */
  function expectHandled(
    answer: { status: number; message: string },
    label: string,
    options: { refused?: boolean } = {},
  ) {
    const where = `${label} answered ${answer.status}: ${answer.message.slice(0, 200)}`;
    expect(answer.status, where).toBeLessThan(500);
    if (options.refused) expect(answer.status, where).toBeGreaterThanOrEqual(400);
    if (answer.status >= 400) expect(answer.message, where).toMatch(SENTENCE);
    expect(errorLogs, where).not.toHaveBeenCalled();
  }

  test("POST to every action: a body that is not a form is refused", async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actionUrls),
        notAForm,
        fc.constantFrom(...ACCEPTS),
        async (url, body, accept) => {
          const answer = await send(url, {
            body: body.body,
            headers: body.type ? { "Content-Type": body.type } : {},
            accept,
            // Signed in, so the admin's forms are read rather than sent to the login page.
            cookie: isAdmin(url) ? adminCookie : undefined,
          });
          // The JSON endpoints may accept a JSON body that happens to be well formed.
          expectHandled(answer, `${body.label} to ${url}`, { refused: !takesJson(url) });
        },
      ),
      { numRuns: RUNS },
    );
    expect(await counts()).toEqual(before);
  });

  test("POST to every action: a NUL byte anywhere in the form is a 400", async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actionUrls).chain((url) => fc.tuple(fc.constant(url), formWithNul(url))),
        fc.constantFrom(...ACCEPTS),
        async ([url, body], accept) => {
          const answer = await send(url, {
            body: body.body,
            headers: body.type ? { "Content-Type": body.type } : {},
            accept,
            cookie: isAdmin(url) ? adminCookie : undefined,
          });
          expectHandled(answer, `${body.label} to ${url}`, { refused: true });
          expect(answer.status, `${body.label} to ${url}`).toBe(400);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await counts()).toEqual(before);
  });

  test("GET: a NUL byte in any route's path or query is a 400", async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...table),
        withNul,
        fc.constantFrom("q", "OrderTrackingId", "category", "page", "sort"),
        fc.boolean(),
        async (route, nul, key, inPath) => {
          const hasParam = /[:*]/.test(route.path);
          const address =
            inPath && hasParam
              ? urlsFor(route.path, nul).at(-1)!
              : `${urlsFor(route.path)[0]}?${new URLSearchParams({ [key]: nul })}`;
          const answer = await send(address, { method: "GET" });
          expectHandled(answer, `GET ${address}`, { refused: true });
          expect(answer.status, `GET ${address}`).toBe(400);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await counts()).toEqual(before);
  });

  test("signed in, the owner's refund, discount, account and security forms with arbitrary fields never make a server error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/admin/orders", "/admin/discounts", "/admin/accounts", "/admin/security"),
        anyForm,
        fc.constantFrom(...ACCEPTS),
        async (url, body, accept) => {
          const before = await counts();
          const answer = await send(url, { body: body.body, accept, cookie: adminCookie });
          expectHandled(answer, `${body.label} to ${url}`);
          expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test("POST to every action: arbitrary form fields never make a server error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actionUrls),
        anyForm,
        fc.constantFrom(...ACCEPTS),
        async (url, body, accept) => {
          const before = await counts();
          // Signed out: an admin's arbitrary form could delete the product or end the session.
          const answer = await send(url, { body: body.body, accept });
          expectHandled(answer, `${body.label} to ${url}`);
          // Whatever was refused left nothing behind.
          if (answer.status >= 400) expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe.each(databases)("hostile input to an M-Pesa waiting page, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let daraja: Awaited<ReturnType<typeof startDaraja>>;
  let page = "";
  let placingCookie = "";
  const NUMBER = "254733000444";

  beforeAll(async () => {
    handle = await database.open();
    daraja = await startDaraja();
    const services = await testServices(
      handle,
      { payments: new PaymentProviders([daraja.provider()]) },
      shop.settings(),
    );
    shop.serve(services);
    const cartId = randomUUID();
    placingCookie = (await cartCookie.serialize(cartId)).split(";")[0]!;
    const [order] = await handle.db
      .insert(orders)
      .values({
        status: "Failed",
        amount: 1300,
        currency: "KES",
        items: [{ productId: PRODUCT_ID, name: "Wrap", quantity: 1, price: 1300 }],
        customerName: "Mgeni",
        customerPhone: NUMBER,
        customerEmail: "mgeni@example.co.ke",
        address: "",
        city: "",
        deliveryMethod: "pickup",
        cartId,
        paymentProvider: "mpesa-express",
        paymentAttempts: 3,
      })
      .returning({ id: orders.id });
    // The number's prompts of the hour are used up: no request below reaches Daraja.
    const attempts = await handle.db
      .insert(paymentAttempts)
      .values(
        [1, 2, 3].map((number) => ({
          orderId: order!.id,
          number,
          provider: "mpesa-express",
          reference: `ws_CO_fuzz${number}`,
          state: "failed" as const,
          amount: 1300,
          phone: NUMBER,
        })),
      )
      .returning({ id: paymentAttempts.id });
    page = `/pay/${attempts[2]!.id}`;
  });

  afterAll(async () => {
    await daraja?.close();
    await handle?.dispose();
  });

  test("'Send the prompt again' and 'Pay another way' with arbitrary fields, from the placing browser or another, never make a server error or a prompt", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("again", "other"),
        fields(
          fc.oneof(
            fc.string(),
            fc.constantFrom("again", "other", "0733000444", "+254 733 000 444", "07"),
          ),
        ),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(...ACCEPTS),
        async (intent, list, multipart, placing, accept) => {
          const body = asForm([["intent", intent], ...list], multipart);
          const response = await fetch(shop.origin + page, {
            method: "POST",
            body: body.body,
            redirect: "manual",
            headers: {
              Origin: shop.origin,
              Accept: accept,
              ...(placing ? { Cookie: placingCookie } : {}),
            },
          });
          const text = await response.text();
          const where = `${body.label} (${placing ? "placing" : "another"} browser): ${response.status}`;
          expect(response.status, where).toBeGreaterThanOrEqual(400);
          expect(response.status, where).toBeLessThan(500);
          expect(messageOf(response.headers.get("content-type") ?? "", text), where).toMatch(
            SENTENCE,
          );
          expect(errorLogs, where).not.toHaveBeenCalled();
        },
      ),
      { numRuns: RUNS },
    );
    expect(daraja.emulator.control.promptsTo(NUMBER)).toEqual([]);
  });
});

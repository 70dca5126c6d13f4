import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { account, orderEvents, orders, products, session, user } from "~/db/schema";
import { createAdmin } from "~/modules/auth/admins.server";
import { storeImageVariants } from "~/modules/media/images.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { requestContext, type Services } from "~/services.server";
import { parseSettings } from "~/settings.server";
import { IMAGE_WIDTHS, variantKey } from "~/utils/image-urls";
import { adminRoutes, outcomeOf, paramSets, urlFor } from "../setup/admin-routes";
import { adminSessionCookie } from "../setup/admin-session";
import { databases } from "../setup/databases";
import { testServices } from "../setup/services";
import { tempDir } from "../setup/temp-dir";

/**
 * Every admin loader, action and endpoint must refuse a request without a valid session. The
 * table is built from the route config, so a new admin route is covered the day it is added.
 */

const ORIGIN = "http://localhost:3000";
const env = parseSettings({ PUBLIC_URL: ORIGIN });
const OWNER = { email: "guard@example.co.ke", password: "kitenge-guard-secret" };
const COOKIE = "better-auth.session_token";

const REFUSED = ["302 /login", "303 /login", "401"];

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(databases)("admin routes without a session, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let mediaDir: string;
  let storage: DiskStorage;
  let productId: string;
  let orderId: string;
  let imageKeys: string[];
  let sessionCookie: string;
  let services: Services;

  beforeAll(async () => {
    handle = await database.open();
    mediaDir = tempDir("guard-media");
    storage = new DiskStorage(mediaDir);
    services = await testServices(handle, { media: storage }, env);

    imageKeys = ["products/dresses/1700000000000_front", "products/dresses/1700000000001_back"];
    const photo = await sharp({
      create: { width: 400, height: 500, channels: 3, background: "#b5651d" },
    })
      .png()
      .toBuffer();
    for (const key of imageKeys) await storeImageVariants(storage, key, photo, { effort: 0 });
    const [product] = await handle.db
      .insert(products)
      .values({
        name: "Guarded Kitenge Dress",
        description: "Must survive every anonymous request.",
        category: "dresses",
        price: 4500,
        originalPrice: 5000,
        images: imageKeys,
        sizes: ["M"],
        inStock: true,
      })
      .returning({ id: products.id });
    productId = product!.id;
    const [order] = await handle.db
      .insert(orders)
      .values({
        status: "Pending",
        amount: 4500,
        items: [{ productId, name: "Guarded Kitenge Dress", quantity: 1, price: 4500 }],
        customerName: "Wanjiku Guard",
        customerPhone: "254712345678",
        customerEmail: "wanjiku@example.com",
      })
      .returning({ id: orders.id });
    orderId = order!.id;

    // A real admin with a real session: the forged cookies below reuse its session token.
    await createAdmin(services.auth, OWNER);
    sessionCookie = await adminSessionCookie(services, OWNER, "10.7.0.1", ORIGIN);
    expect(sessionCookie.startsWith(`${COOKIE}=`)).toBe(true);
  });

  afterAll(async () => {
    await handle?.dispose();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  /** Everything an admin request could change, and every image file's bytes. */
  async function snapshot() {
    const files: Record<string, string> = {};
    for (const key of imageKeys) {
      for (const width of IMAGE_WIDTHS) {
        const stored = await storage.get(variantKey(key, width));
        files[variantKey(key, width)] = stored ? sha(stored.body) : "missing";
      }
    }
    const db = handle.db;
    return {
      products: await db.select().from(products),
      orders: await db.select().from(orders),
      orderEvents: await db.select().from(orderEvents),
      sessions: await db.select().from(session),
      users: await db.select().from(user),
      accounts: await db.select().from(account),
      files,
    };
  }

  test("the table comes from the route config and holds the dashboard, its tabs and the product endpoint", () => {
    const handlers = adminRoutes.flatMap((r) =>
      (["loader", "action"] as const)
        .filter((kind) => typeof r.module[kind] === "function")
        .map((kind) => `${kind} ${r.path} (${r.file})`),
    );
    expect(handlers).toEqual(
      expect.arrayContaining([
        "loader admin (routes/admin/dashboard.tsx)",
        "action admin (routes/admin/dashboard.tsx)",
        "loader admin (routes/admin/products.tsx)",
        "action admin (routes/admin/products.tsx)",
        "loader admin/orders (routes/admin/orders.tsx)",
        "action admin/orders (routes/admin/orders.tsx)",
        "loader admin/orders.csv (routes/admin/orders-csv.ts)",
        "action admin/products/:id? (routes/admin/product-endpoint.ts)",
      ]),
    );
    expect(handlers.some((h) => h.includes("login"))).toBe(false);
  });

  test("every admin loader, action and endpoint refuses a request without a valid session", async () => {
    const before = await snapshot();
    expect(Object.values(before.files).every((f) => f !== "missing")).toBe(true);
    expect(before.products).toHaveLength(1);
    expect(before.orders).toHaveLength(1);

    // The real session's token, with a signature made up by someone without the secret.
    const realToken = decodeURIComponent(sessionCookie.slice(COOKIE.length + 1)).split(".")[0]!;
    const cookies: Record<string, string | null> = {
      "no cookie": null,
      "a garbage cookie": `${COOKIE}=forged`,
      "a real token with a forged signature": `${COOKIE}=${encodeURIComponent(
        `${realToken}.${randomBytes(32).toString("base64")}`,
      )}`,
      "a secure-prefixed garbage cookie": `__Secure-${COOKIE}=forged`,
    };
    const accepts: Record<string, string> = {
      html: "text/html,application/xhtml+xml",
      json: "application/json",
    };
    const photo = await sharp({
      create: { width: 8, height: 10, channels: 3, background: "#2e86c1" },
    })
      .png()
      .toBuffer();
    const formFor = (intent: string) => {
      const form = new FormData();
      form.set("intent", intent);
      form.set("productId", productId);
      form.set("orderId", orderId);
      form.set("status", "Shipped");
      form.set("field", "inStock");
      form.set("name", "Hijacked Dress");
      form.set("originalPrice", "1");
      form.set("price", "1");
      form.set("category", "dresses");
      form.set("description", "Should never be saved.");
      form.set("inStock", "on");
      form.append("keep", imageKeys[0]!);
      form.append("images", new File([new Uint8Array(photo)], "sneaky.png", { type: "image/png" }));
      return form;
    };
    const intents = ["logout", "status", "toggle", "delete", "update", "create"];

    const calls: { label: string; run: () => Promise<unknown> }[] = [];
    for (const route of adminRoutes) {
      for (const params of paramSets(route.path, productId)) {
        const url = urlFor(ORIGIN, route.path, params);
        for (const [cookieName, cookie] of Object.entries(cookies)) {
          for (const [acceptName, accept] of Object.entries(accepts)) {
            const headers = (): HeadersInit => ({
              Accept: accept,
              Origin: ORIGIN,
              ...(cookie ? { Cookie: cookie } : {}),
            });
            const { loader, action } = route.module;
            if (loader) {
              calls.push({
                label: `GET ${url} (loader ${route.path}), ${cookieName}, ${acceptName}`,
                run: () =>
                  loader({
                    request: new Request(url, { headers: headers() }),
                    params,
                    context: requestContext(services),
                  }),
              });
            }
            if (action) {
              for (const intent of intents) {
                calls.push({
                  label: `POST ${url} intent=${intent} (action ${route.path}), ${cookieName}, ${acceptName}`,
                  run: () =>
                    action({
                      request: new Request(url, {
                        method: "POST",
                        headers: headers(),
                        body: formFor(intent),
                      }),
                      params,
                      context: requestContext(services),
                    }),
                });
              }
            }
          }
        }
      }
    }
    expect(calls.length).toBeGreaterThan(0);

    const wrong: string[] = [];
    for (const call of calls) {
      const outcome = await outcomeOf(call.run);
      if (!REFUSED.includes(outcome)) wrong.push(`${call.label}: ${outcome}`);
    }
    expect(wrong).toEqual([]);

    // Nothing ran: no row, session or image file changed.
    expect(await snapshot()).toEqual(before);
    for (const key of imageKeys) {
      for (const width of IMAGE_WIDTHS) {
        expect(fs.existsSync(`${mediaDir}/${variantKey(key, width)}`)).toBe(true);
      }
    }
  });

  test("with the admin's session the same dashboard calls answer 200 with data", async () => {
    const route = (file: string) => adminRoutes.find((r) => r.file === `routes/admin/${file}`)!;
    const get = async <T>(file: string, url: string) =>
      (await route(file).module.loader!({
        request: new Request(`${ORIGIN}${url}`, { headers: { Cookie: sessionCookie } }),
        params: {},
        context: requestContext(services),
      })) as { data: T; init: ResponseInit | null };

    const frame = await get<{ admin: { email: string }; stats: { totalProducts: number } }>(
      "dashboard.tsx",
      "/admin",
    );
    expect(frame.init?.status ?? 200).toBe(200);
    expect(frame.data.admin.email).toBe(OWNER.email);
    expect(frame.data.stats.totalProducts).toBe(1);
    const productsTab = await get<{ products: { rows: { id: string }[] } | null }>(
      "products.tsx",
      "/admin",
    );
    expect(productsTab.init?.status ?? 200).toBe(200);
    expect(productsTab.data.products?.rows.map((r) => r.id)).toEqual([productId]);
    const ordersTab = await get<{
      orders: { sections: { other: { rows: { id: string; timeline: unknown[] }[] } } } | null;
    }>("orders.tsx", "/admin/orders?status=Pending");
    expect(ordersTab.init?.status ?? 200).toBe(200);
    expect(ordersTab.data.orders?.sections.other.rows.map((r) => r.id)).toEqual([orderId]);

    // The orders tab's address from before the tabs were routes leads to the new one.
    expect(
      await outcomeOf(() => get("products.tsx", "/admin?tab=orders&status=Pending&sort=oldest")),
    ).toBe("301 /admin/orders?status=Pending&sort=oldest");
    expect(await outcomeOf(() => get("products.tsx", "/admin?tab=products&q=dress"))).toBe(
      "301 /admin?q=dress",
    );

    // And the same toggle that was refused above really changes the product with a session.
    const form = new FormData();
    form.set("intent", "toggle");
    form.set("productId", productId);
    form.set("field", "inStock");
    expect(
      await route("products.tsx").module.action!({
        request: new Request(`${ORIGIN}/admin?index`, {
          method: "POST",
          headers: { Cookie: sessionCookie, Origin: ORIGIN },
          body: form,
        }),
        params: {},
        context: requestContext(services),
      }),
    ).toEqual({ ok: true });
    const [row] = await handle.db.select({ inStock: products.inStock }).from(products);
    expect(row!.inStock).toBe(false);
  });
});

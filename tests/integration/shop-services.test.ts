import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { PaymentProviders } from "~/modules/payments/registry";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { FakePay } from "../setup/fake-pay";
import { testServices } from "../setup/services";
import { startShop } from "../setup/shop-server";

/**
 * A shop answers with the services it was started with, and with nothing the process holds: two
 * shops built from one compiled app, each with its own database and its own payment provider,
 * serve at the same time, and each page and checkout reaches only its own.
 */

const customer = {
  name: "Akinyi Otieno",
  phone: "0712345678",
  email: "akinyi@example.co.ke",
  deliveryMethod: "pickup",
  pickupLocation: "Milele Mall Ngong",
};

let shop: Awaited<ReturnType<typeof startShop>>;

beforeAll(async () => {
  shop = await startShop();
});

afterAll(async () => {
  await shop?.close();
});

describe.each(databases)("two shops in one process, on $name", (database) => {
  type Handle = DatabaseHandle & { dispose(): Promise<void> };
  let first: { handle: Handle; services: Services; pay: FakePay; origin: string };
  let second: { handle: Handle; services: Services; pay: FakePay; origin: string };
  let secondServer: ReturnType<ReturnType<typeof express>["listen"]>;

  /** A database holding one product, 9301, under `name`, and services with their own FakePay. */
  async function openShop(name: string, price: number) {
    const handle = await database.open();
    await handle.db
      .insert(products)
      .values({ id: "9301", name, description: "d", category: "accessories", price });
    const pay = new FakePay();
    const services = await testServices(
      handle,
      { payments: new PaymentProviders([pay]) },
      shop.settings(),
    );
    return { handle, services, pay };
  }

  beforeAll(async () => {
    first = { ...(await openShop("Amani Ankara Headwrap", 1200)), origin: shop.origin };
    shop.serve(first.services);
    const opened = await openShop("Baraka Kitenge Scarf", 900);
    const app = express();
    app.use(shop.createApp(opened.services));
    secondServer = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => secondServer.once("listening", resolve));
    second = {
      ...opened,
      origin: `http://127.0.0.1:${(secondServer.address() as AddressInfo).port}`,
    };
  });

  afterAll(async () => {
    secondServer?.closeAllConnections();
    await new Promise((resolve) => secondServer?.close(resolve));
    await first?.handle.dispose();
    await second?.handle.dispose();
  });

  const page = async (origin: string, path: string) => {
    const response = await fetch(origin + path);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  test("each shop's pages come from its own database", async () => {
    const [one, two] = await Promise.all([
      page(first.origin, "/product/9301"),
      page(second.origin, "/product/9301"),
    ]);
    expect(one).toContain("Amani Ankara Headwrap");
    expect(one).not.toContain("Baraka Kitenge Scarf");
    expect(two).toContain("Baraka Kitenge Scarf");
    expect(two).not.toContain("Amani Ankara Headwrap");
  });

  test("checkout pays through the shop's own provider and stores the order in its own database", async () => {
    const response = await fetch(`${first.origin}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        data: { items: [{ id: "9301", quantity: 1 }], checkoutData: customer, total: 1200 },
      }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { redirectUrl: string } };
    expect(data.redirectUrl).toMatch(/^https:\/\/pay\.fake\.example\/checkout\/FP-/);

    const [order] = await first.handle.db.select().from(orders);
    expect(order).toMatchObject({ status: "Pending", amount: 1200, paymentProvider: "fake-pay" });
    expect(first.pay.payments.has(order!.paymentReference!)).toBe(true);
    expect(await second.handle.db.select().from(orders)).toEqual([]);
    expect(second.pay.payments.size).toBe(0);

    // The shopper comes back paid: the page's loader asks this shop's provider and settles.
    const reference = order!.paymentReference!;
    first.pay.set(reference, "COMPLETED", { paymentMethod: "FakeWallet", confirmationCode: "FW1" });
    const queries = first.pay.statusQueries;
    const thanks = await page(first.origin, `/order-success?fp_ref=${reference}`);
    expect(thanks).toContain("Thank You For Your Order!");
    expect(first.pay.statusQueries).toBeGreaterThan(queries);
    const [paid] = await first.handle.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid).toMatchObject({ status: "Completed", confirmationCode: "FW1" });
    expect(second.pay.statusQueries).toBe(0);
  });
});

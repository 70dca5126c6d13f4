import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, paymentAttempts, products } from "~/db/schema";
import { addToCart, cartCookie, loadCart } from "~/modules/cart/cart.server";
import { action as cartAction } from "~/routes/storefront/cart";
import {
  action as orderSuccessAction,
  loader as orderSuccessLoader,
} from "~/routes/storefront/order-success";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { payAt, startPesapalShop } from "../setup/pesapal";
import { routeArgs } from "../setup/services";

/**
 * 'Try again' after a failed payment: the provider's reason in plain words, and a new attempt of
 * the same order (one reference), for the cart that placed it only.
 */

const shopper = {
  name: "Achieng Odhiambo",
  phone: "0722123456",
  email: "achieng@example.co.ke",
  address: "Oginga Odinga St",
  city: "Kisumu",
  notes: "Call at the stage",
  deliveryMethod: "matatu",
};

async function thrown(run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

describe.each(databases)("'Try again' after a failed payment, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let services: Services;

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(products).values([
      {
        id: "9301",
        name: "Zuri Kente Wrap Dress",
        description: "d",
        category: "dresses",
        price: 2400,
        sizes: ["S", "M"],
      },
      {
        id: "9302",
        name: "Nyota Ankara Headwrap",
        description: "d",
        category: "accessories",
        price: 800,
      },
    ]);
    pesapal = await startPesapalShop(handle);
    services = pesapal.services;
  });

  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  /** Places an order from a new cart and fails its payment with the processor's words. */
  async function failedOrder(description?: string) {
    const { id: cartId } = await addToCart(handle.db, null, {
      productId: "9301",
      size: "M",
      quantity: 2,
    });
    const cookie = await cartCookie.serialize(cartId);
    const placed = (await thrown(() =>
      cartAction(
        routeArgs(
          services,
          new Request("http://localhost/cart", {
            method: "POST",
            headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              intent: "checkout",
              subtotal: "4800",
              total: "4950",
              ...shopper,
            }),
          }),
        ),
      ),
    )) as Response;
    const payUrl = placed.headers.get("Location")!;
    await payAt(payUrl, "fail", { method: "visa", ...(description ? { description } : {}) });
    const returnUrl = `http://localhost/order-success?OrderTrackingId=${payUrl.split("/").at(-2)}`;
    return { cartId, cookie, returnUrl };
  }

  test("the reason in plain words, then 'Try again' pays the same order: a new attempt, one reference", async () => {
    const { cartId, cookie, returnUrl } = await failedOrder();
    const arrived = await orderSuccessLoader(
      routeArgs(services, new Request(returnUrl, { headers: { Cookie: cookie } })),
    );
    expect(arrived.order).toMatchObject({
      payment: "failed",
      failure: "Your bank or card issuer declined the payment.",
    });
    expect((await loadCart(handle.db, cartId)).items).toEqual([]);
    const attempt = arrived.order!.payAgain!;
    expect(attempt).toMatch(/^[0-9a-f-]{36}$/);
    const [failed] = await handle.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attempt));
    const orderCount = async () => (await handle.db.select().from(orders)).length;
    const before = await orderCount();

    const tryAgain = (cookieHeader: string) =>
      thrown(() =>
        orderSuccessAction(
          routeArgs(
            services,
            new Request(`http://localhost/order-success?attempt=${attempt}`, {
              method: "POST",
              headers: { Cookie: cookieHeader },
              body: new URLSearchParams({ attempt }),
            }),
          ),
        ),
      );
    // Another browser (its own cart) cannot pay it again: a sentence, nothing made.
    const { id: otherCart } = await addToCart(handle.db, null, {
      productId: "9302",
      size: "",
      quantity: 1,
    });
    const refused = (await tryAgain(await cartCookie.serialize(otherCart))) as {
      init: { status: number };
      data: { payError: string };
    };
    expect(refused.init.status).toBe(403);
    expect(refused.data.payError).toMatch(
      /^Nothing was charged\..*phone or computer you ordered on/,
    );

    const retried = (await tryAgain(cookie)) as Response;
    // Straight to Pesapal's page for a new attempt of the same order: no new order, no cart.
    const payUrl = retried.headers.get("Location")!;
    expect(payUrl).toMatch(/\/pesapal\/pay\//);
    expect(await orderCount()).toBe(before);
    expect((await loadCart(handle.db, cartId)).items).toEqual([]);
    const attempts = await handle.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, failed!.orderId))
      .orderBy(paymentAttempts.number);
    expect(attempts.map((a) => [a.number, a.state])).toEqual([
      [1, "failed"],
      [2, "open"],
    ]);
    await payAt(payUrl, "complete", { method: "visa" });
    const paid = await orderSuccessLoader(
      routeArgs(
        services,
        new Request(`http://localhost/order-success?OrderTrackingId=${payUrl.split("/").at(-2)}`, {
          headers: { Cookie: cookie },
        }),
      ),
    );
    expect(paid.order).toMatchObject({ payment: "paid", reference: arrived.order!.reference });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, failed!.orderId));
    expect(order!.status).toBe("Completed");
    expect(await orderCount()).toBe(before);
  });

  test("words the shop does not know give a sentence of its own, never the provider's text", async () => {
    const { cookie, returnUrl } = await failedOrder("ERR_5051: processor rejected");
    const arrived = await orderSuccessLoader(
      routeArgs(services, new Request(returnUrl, { headers: { Cookie: cookie } })),
    );
    expect(arrived.order?.failure).toBe("Pesapal did not accept the payment.");
  });

  test("'Undo' after clearing checks the lines like any cart change; malformed ones are refused", async () => {
    const { id: cartId } = await addToCart(handle.db, null, {
      productId: "9302",
      size: "",
      quantity: 1,
    });
    const cookie = await cartCookie.serialize(cartId);
    const restore = (fields: [string, string][]) =>
      thrown(() =>
        cartAction(
          routeArgs(
            services,
            new Request("http://localhost/cart", {
              method: "POST",
              headers: { Cookie: cookie },
              body: new URLSearchParams([["intent", "restore"], ["via", "fetch"], ...fields]),
            }),
          ),
        ),
      );
    // A size the dress does not come in, and an unknown product, are left out; the rest comes back.
    const answer = (await restore([
      ["productId", "9301"],
      ["size", "M"],
      ["quantity", "3"],
      ["productId", "9301"],
      ["size", "XXXL"],
      ["quantity", "1"],
      ["productId", "nope"],
      ["size", ""],
      ["quantity", "1"],
    ])) as { data: { ok: boolean } };
    expect(answer.data.ok).toBe(true);
    expect((await loadCart(handle.db, cartId)).items).toMatchObject([
      { productId: "9302", size: "", quantity: 1 },
      { productId: "9301", size: "M", quantity: 3 },
    ]);

    for (const fields of [
      [
        ["productId", "9301"],
        ["size", "M"],
      ],
      [
        ["productId", "9301"],
        ["size", "M"],
        ["quantity", "1000"],
      ],
      [
        ["productId", "9301"],
        ["size", "M"],
        ["quantity", "1.5"],
      ],
    ] as [string, string][][]) {
      const refused = (await restore(fields)) as {
        data: { ok: boolean; error: string };
        init: ResponseInit;
      };
      expect(refused.init.status).toBe(400);
      expect(refused.data.error).toMatch(/^[A-Z].*\.$/);
    }
  });
});

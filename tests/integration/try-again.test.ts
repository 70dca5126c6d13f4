import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema";
import { addToCart, cartCookie, loadCart } from "~/modules/cart/cart.server";
import { action as cartAction, loader as cartLoader } from "~/routes/storefront/cart";
import {
  action as orderSuccessAction,
  loader as orderSuccessLoader,
} from "~/routes/storefront/order-success";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { payAt, startPesapalShop } from "../setup/pesapal";
import { routeArgs } from "../setup/services";

/**
 * 'Try again' after a failed payment: the provider's reason in plain words, the items back in the
 * cart, and the checkout form filled in again from the order, for the cart that placed it only.
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

/** The cookies a response sets, as the next request's Cookie header. */
function cookiesOf(response: Response, before = "") {
  const jar = new Map(
    before
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0]!, c] as const),
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

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

  test("the reason in plain words, then the items and every detail back for this cart", async () => {
    const { cartId, cookie, returnUrl } = await failedOrder();
    const arrived = await orderSuccessLoader(
      routeArgs(services, new Request(returnUrl, { headers: { Cookie: cookie } })),
    );
    expect(arrived.order).toMatchObject({
      payment: "failed",
      failure: "Your bank or card issuer declined the payment.",
    });
    expect((await loadCart(handle.db, cartId)).items).toEqual([]);

    const params = new URL(returnUrl).searchParams;
    const retried = (await thrown(() =>
      orderSuccessAction(
        routeArgs(
          services,
          new Request("http://localhost/order-success", {
            method: "POST",
            headers: { Cookie: cookie },
            body: new URLSearchParams({
              provider: "pesapal",
              reference: params.get("OrderTrackingId")!,
            }),
          }),
        ),
      ),
    )) as Response;
    expect(retried.headers.get("Location")).toBe("/cart");
    const next = cookiesOf(retried, cookie);
    expect(next).toMatch(/retry=/);

    const page = await cartLoader(
      routeArgs(services, new Request("http://localhost/cart", { headers: { Cookie: next } })),
    );
    expect(page.cart.items).toMatchObject([{ productId: "9301", size: "M", quantity: 2 }]);
    expect(page.retry).toEqual({
      values: {
        name: shopper.name,
        phone: "0722123456",
        email: shopper.email,
        address: shopper.address,
        city: shopper.city,
        notes: shopper.notes,
        deliveryMethod: "matatu",
        pickupLocation: "",
        // The same way to pay is chosen again.
        paymentProvider: "pesapal",
        payerPhone: "",
      },
      failure: "Your bank or card issuer declined the payment.",
    });

    // Another browser holding the same retry cookie (but its own cart) learns nothing.
    const { id: otherCart } = await addToCart(handle.db, null, {
      productId: "9302",
      size: "",
      quantity: 1,
    });
    const stranger = `${await cartCookie.serialize(otherCart)}; ${next.split("; ").find((c) => c.startsWith("retry="))}`;
    const strangersPage = await cartLoader(
      routeArgs(services, new Request("http://localhost/cart", { headers: { Cookie: stranger } })),
    );
    expect(strangersPage.retry).toBeNull();
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

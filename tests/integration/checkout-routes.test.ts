import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { addToCart, cartCookie } from "~/modules/cart/cart.server";
import { totalForChosenDelivery } from "~/modules/checkout/checkout-form";
import { action as apiCheckout } from "~/routes/resources/api-checkout";
import { action as cartAction } from "~/routes/storefront/cart";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { startPesapalShop } from "../setup/pesapal";
import { routeArgs } from "../setup/services";

/**
 * The cart page's form and POST /api/checkout start an order the same way: priced by the server,
 * Pending, sent to the payment provider, and remembering the cart of the request's cookie.
 */

const customer = {
  name: "Njeri Wambui",
  phone: "0712345678",
  email: "njeri@example.co.ke",
  deliveryMethod: "pickup",
};

describe.each(databases)("checkout from the cart page and the JSON API, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let base = "";
  let services: Services;

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(products).values({
      id: "9101",
      name: "Nyota Ankara Headwrap",
      description: "d",
      category: "accessories",
      price: 800,
    });
    pesapal = await startPesapalShop(handle);
    base = pesapal.base;
    services = pesapal.services;
  });

  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  const ordersOfCart = (cartId: string) =>
    handle.db.select().from(orders).where(eq(orders.cartId, cartId));

  test("both place a Pending order for the request's cart and answer the payment page", async () => {
    // The cart page: the cart's lines, the subtotal the shopper saw, a plain form post.
    const { id: pageCart } = await addToCart(handle.db, null, {
      productId: "9101",
      size: "",
      quantity: 2,
    });
    const form = new URLSearchParams({ intent: "checkout", subtotal: "1600", ...customer });
    let answer: unknown;
    try {
      answer = await cartAction(
        routeArgs(
          services,
          new Request("http://localhost/cart", {
            method: "POST",
            headers: {
              Cookie: await cartCookie.serialize(pageCart),
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: form,
          }),
        ),
      );
    } catch (thrown) {
      answer = thrown;
    }
    expect(answer).toBeInstanceOf(Response);
    const location = (answer as Response).headers.get("Location");
    expect(location).toMatch(new RegExp(`^${base}/pesapal/pay/`));
    const [fromPage] = await ordersOfCart(pageCart);
    expect(fromPage).toMatchObject({ status: "Pending", amount: 1600 });
    expect(fromPage!.paymentReference).toBeTruthy();

    // The JSON API: the items in the body, the cart in the cookie.
    const { id: apiCart } = await addToCart(handle.db, null, {
      productId: "9101",
      size: "",
      quantity: 1,
    });
    const response = await apiCheckout(
      routeArgs(
        services,
        new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: {
            Cookie: await cartCookie.serialize(apiCart),
            "Content-Type": "application/json",
          },
          body: JSON.stringify({
            data: { items: [{ id: "9101", quantity: 1 }], checkoutData: customer, total: 800 },
          }),
        }),
      ),
    );
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { redirectUrl: string } };
    expect(data.redirectUrl).toMatch(new RegExp(`^${base}/pesapal/pay/`));
    const [fromApi] = await ordersOfCart(apiCart);
    expect(fromApi).toMatchObject({ status: "Pending", amount: 800 });
  });

  test("an order remembers the language it was placed in: the page's, or the page that sent the JSON", async () => {
    let n = 0;
    const checkout = async (url: string, referer?: string) => {
      const { id } = await addToCart(handle.db, null, { productId: "9101", size: "", quantity: 1 });
      const response = await apiCheckout(
        routeArgs(
          services,
          new Request(url, {
            method: "POST",
            headers: {
              Cookie: await cartCookie.serialize(id),
              "Content-Type": "application/json",
              ...(referer ? { Referer: referer } : {}),
            },
            body: JSON.stringify({
              data: {
                items: [{ id: "9101", quantity: 1 }],
                checkoutData: { ...customer, phone: "0722000444" },
                total: 800,
              },
            }),
          }),
          // A shopper of its own, beside the checkout throttle of the other tests.
          { clientAddress: `203.0.113.${++n}` },
        ),
      );
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { redirectUrl: string } };
      language.redirectUrl = data.redirectUrl;
      return (await ordersOfCart(id))[0]!.language;
    };
    const language = { redirectUrl: "" };
    expect(await checkout("http://localhost/api/checkout")).toBe("en");
    expect(await checkout("http://localhost/api/checkout", "http://localhost/sw/cart")).toBe("sw");
    // Paid, the shopper comes back to the order's page in its language.
    const paid = await fetch(`${language.redirectUrl}/complete`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sendIpn: false }),
    });
    const { callbackUrl } = (await paid.json()) as { callbackUrl: string };
    expect(new URL(callbackUrl).pathname).toBe("/sw/order-success");
    expect(await checkout("http://localhost/api/checkout", "http://localhost/cart")).toBe("en");
    expect(await checkout("http://localhost/api/checkout", "not a url")).toBe("en");
  });

  test("both refuse a checkout whose total the shopper saw is not the server's, placing nothing", async () => {
    const { id: cartId } = await addToCart(handle.db, null, {
      productId: "9101",
      size: "",
      quantity: 1,
    });
    const cookie = await cartCookie.serialize(cartId);
    const page = (await cartAction(
      routeArgs(
        services,
        new Request("http://localhost/cart", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "checkout", subtotal: "700", ...customer }),
        }),
      ),
    )) as { init: ResponseInit | null };
    expect(page.init?.status).toBe(409);
    const api = await apiCheckout(
      routeArgs(
        services,
        new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json" },
          body: JSON.stringify({
            data: { items: [{ id: "9101", quantity: 1 }], checkoutData: customer, total: 700 },
          }),
        }),
      ),
    );
    expect(api.status).toBe(409);
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  const postCart = async (cartId: string, fields: Record<string, string>) => {
    try {
      return await cartAction(
        routeArgs(
          services,
          new Request("http://localhost/cart", {
            method: "POST",
            headers: {
              Cookie: await cartCookie.serialize(cartId),
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ intent: "checkout", ...fields }),
          }),
        ),
      );
    } catch (thrown) {
      return thrown;
    }
  };

  test("the cart page charges only what its Pay button said", async () => {
    const { id: cartId } = await addToCart(handle.db, null, {
      productId: "9101",
      size: "",
      quantity: 1,
    });
    const rider = {
      ...customer,
      deliveryMethod: "rider",
      address: "Kindaruma Rd, Kilimani",
      subtotal: "800",
    };
    // Pickup's button (Pay KSh 800) pressed with rider chosen, as a browser that shows every
    // method's button could: nothing is charged.
    const stale = (await postCart(cartId, { ...rider, total: "800" })) as {
      data: { error: { message: string; field: string }; values: Record<string, string> };
      init: ResponseInit | null;
    };
    expect(stale.init?.status).toBe(409);
    expect(stale.data.error).toEqual({
      message: totalForChosenDelivery(1100),
      field: "deliveryMethod",
    });
    expect(stale.data.error.message).toBe(
      "With the delivery you chose, your total is KSh 1,100. Please check it and press Pay again.",
    );
    expect(stale.data.values).toMatchObject({ deliveryMethod: "rider", name: customer.name });
    expect(await ordersOfCart(cartId)).toEqual([]);

    // The button that said KSh 1,100 pays KSh 1,100.
    const paid = await postCart(cartId, { ...rider, total: "1100" });
    expect(paid).toBeInstanceOf(Response);
    const [order] = await ordersOfCart(cartId);
    expect(order).toMatchObject({ amount: 1100, deliveryFee: 300, deliveryMethod: "rider" });
  });

  test("from the free-delivery threshold on, both charge no delivery fee", async () => {
    // 7 x 800 = 5,600: over the default KSh 5,000, so the rider is free.
    const { id: pageCart } = await addToCart(handle.db, null, {
      productId: "9101",
      size: "",
      quantity: 7,
    });
    const rider = { ...customer, deliveryMethod: "rider", address: "Ngong Rd, Karen" };
    const fromPage = await postCart(pageCart, { ...rider, subtotal: "5600", total: "5600" });
    expect(fromPage).toBeInstanceOf(Response);
    expect((await ordersOfCart(pageCart))[0]).toMatchObject({ amount: 5600, deliveryFee: 0 });

    const api = (total: number) =>
      apiCheckout(
        routeArgs(
          services,
          new Request("http://localhost/api/checkout", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              data: { items: [{ id: "9101", quantity: 7 }], checkoutData: rider, total },
            }),
          }),
        ),
      );
    // The total with the rider's fee is not the server's.
    expect((await api(5900)).status).toBe(409);
    expect((await api(5600)).status).toBe(200);
  });
});

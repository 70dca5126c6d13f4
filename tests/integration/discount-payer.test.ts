import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { discountCodes, products } from "~/db/schema";
import { placeOrder } from "~/flows/place-order.server";
import { CheckoutError } from "~/modules/checkout/pricing";
import { PaymentProviders } from "~/modules/payments/registry";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { startDaraja } from "../setup/mpesa";
import { orderOf } from "../setup/orders";
import { testServices, testSettings } from "../setup/services";
import { until } from "../setup/until";

const USED = "You have already used this code.";

/**
 * A one-per-customer code and the M-Pesa number that pays (issue 40): the same payer under
 * another order phone is the same customer, and so is an order phone that paid before as
 * someone's M-Pesa number. Another phone with another M-Pesa number is a new customer.
 */
describe.each(databases)("a per-customer code and the M-Pesa payer, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let daraja: Awaited<ReturnType<typeof startDaraja>>;
  let shop: Services;

  const checkout = (phone: string, payerPhone?: string) =>
    placeOrder(shop.database, shop.payments, {
      form: {
        name: "Njeri Wambui",
        phone,
        email: "njeri@example.co.ke",
        deliveryMethod: "pickup",
        pickupLocation: "Milele Mall Ngong",
        notes: "",
      },
      items: [{ productId: "dp1", size: "", quantity: 1 }],
      cartId: randomUUID(),
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
      provider: "mpesa-express",
      discountCode: "MARA1",
      ...(payerPhone ? { payerPhone } : {}),
    });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "placed",
      (e: unknown) => (e instanceof CheckoutError ? e.message : String(e)),
    );
  /** Pays the order's prompt on the phone, as its payer would. */
  const pay = async (orderId: string) => {
    const prompt = (await orderOf(handle.db, orderId)).paymentReference!;
    daraja.emulator.control.answer(prompt, "pay");
    await until(async () => (await orderOf(handle.db, orderId)).status === "Completed");
  };

  beforeAll(async () => {
    handle = await database.open();
    daraja = await startDaraja();
    shop = await testServices(
      handle,
      { payments: new PaymentProviders([daraja.provider()]) },
      testSettings(),
    );
    daraja.shops.push(shop);
    await handle.db.insert(products).values({
      id: "dp1",
      name: "Mara Kitenge Shirt",
      description: "d",
      category: "shirts",
      price: 2000,
    });
    await handle.db
      .insert(discountCodes)
      .values({ code: "MARA1", kind: "percent", value: 10, perCustomerLimit: 1 });
  });
  afterAll(async () => {
    await daraja?.close();
    await handle?.dispose();
  });

  test("the payer's number counts: another order phone with the same M-Pesa number is refused", async () => {
    const first = await checkout("0711000001", "0799000001");
    expect((await orderOf(handle.db, first.orderId)).discountCode).toBe("MARA1");
    await pay(first.orderId);

    // The same payer under a new order phone.
    expect(await refusal(checkout("0711000002", "0799000001"))).toBe(USED);
    // The number that paid, now as the order's own phone (its prompt goes there).
    expect(await refusal(checkout("0799000001"))).toBe(USED);
    // The first order's phone, now named as the payer of another order.
    expect(await refusal(checkout("0711000003", "0711000001"))).toBe(USED);
    // Another phone and another M-Pesa number: the limit cannot know it is the same person.
    const other = await checkout("0711000004", "0799000004");
    expect((await orderOf(handle.db, other.orderId)).discountCode).toBe("MARA1");
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { changeOrderStatus } from "~/flows/change-order-status.server";
import { placeOrder } from "~/flows/place-order.server";
import { receivePaymentNotification } from "~/flows/receive-payment-notification.server";
import { reconcilePendingOrders } from "~/flows/reconcile-payments.server";
import { arriveFromPayment } from "~/flows/return-from-payment.server";
import * as en from "~/i18n/en";
import { orderSections, parseOrdersQuery, toPackCount } from "~/modules/orders/admin-orders.server";
import { dashboardStats } from "~/modules/orders/dashboard.server";
import { OrderStatusError } from "~/modules/orders/order-status.server";
import { STATUS_ASK_INTERVAL_MS } from "~/modules/orders/payment-asks.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { PaymentProviders } from "~/modules/payments/registry";
import { bothDatabases as databases } from "../setup/databases";
import { FakePay } from "../setup/fake-pay";
import { orderOf as storedOrder, eventsOf as timelineOf } from "../setup/orders";
import { testShop } from "../setup/services";

/** The shop's default provider in these tests: reaching it would be a bug. */
const elsewhere: PaymentProvider = {
  name: "elsewhere",
  submitOrder: () => Promise.reject(new Error("checkout used the default provider")),
  getStatus: () => Promise.reject(new Error("settlement asked the wrong provider")),
  readNotification: () => Promise.reject(new Error("the wrong provider read a notification")),
};

const form = {
  name: "Akinyi Otieno",
  phone: "0712345678",
  email: "akinyi@example.co.ke",
  deliveryMethod: "pickup",
  pickupLocation: "Milele Mall Ngong",
  notes: "",
};

describe.each(databases)(
  "settlement through a provider that is not Pesapal, on $name",
  (database) => {
    let handle: DatabaseHandle & { dispose(): Promise<void> };
    const fake = new FakePay();
    const providers = new PaymentProviders([elsewhere, fake]);

    const orderOf = (id: string) => storedOrder(handle.db, id);
    const eventsOf = (id: string) => timelineOf(handle.db, id);
    const checkout = () =>
      placeOrder(handle, providers, {
        form,
        items: [{ productId: "9101", size: "", quantity: 1 }],
        clientTotal: 1200,
        cartId: null,
        publicUrl: "http://localhost:3000",
        shopName: "Amani Prints",
        freeDeliveryOver: 5000,
        provider: "fake-pay",
      });
    const notify = (reference: string) =>
      receivePaymentNotification(
        testShop(handle.db, providers),
        "fake-pay",
        new Request("http://localhost/api/fake-pay/notify", {
          method: "POST",
          body: JSON.stringify({ paymentRef: reference }),
        }),
      );

    /** As if the next notification came later than the provider's last ask (a reversal does). */
    const afterTheAskWindow = (orderId: string) =>
      handle.db.update(orders).set({ statusAskedAt: null }).where(eq(orders.id, orderId));

    beforeAll(async () => {
      handle = await database.open();
      await handle.db.insert(products).values({
        id: "9101",
        name: "Kito Ankara Tote Bag",
        description: "d",
        category: "accessories",
        price: 1200,
      });
    });
    afterAll(() => handle?.dispose());

    test("checkout records the provider it chose, and its reference", async () => {
      const { orderId, redirectUrl } = await checkout();
      const order = await orderOf(orderId);
      expect(order).toMatchObject({ status: "Pending", paymentProvider: "fake-pay" });
      expect(order.paymentReference).toMatch(/^FP-/);
      expect(redirectUrl).toBe(`https://pay.fake.example/checkout/${order.paymentReference}`);
    });

    test("a flood of notifications for one order asks the provider once, and once more when its window ends", async () => {
      const { orderId } = await checkout();
      const { paymentReference } = await orderOf(orderId);
      fake.set(paymentReference!, "COMPLETED");
      const before = fake.statusQueries;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => notify(paymentReference!)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
      expect(fake.statusQueries - before).toBe(1);
      expect(await orderOf(orderId)).toMatchObject({ status: "Completed" });
      // The notifications inside the window are followed by a single ask when it ends.
      await new Promise((resolve) => setTimeout(resolve, STATUS_ASK_INTERVAL_MS + 1_000));
      expect(fake.statusQueries - before).toBe(2);
    });

    test("a provider the shop does not have is refused and creates nothing", async () => {
      const before = (await handle.db.select({ id: orders.id }).from(orders)).length;
      await expect(
        placeOrder(handle, providers, {
          form,
          items: [{ productId: "9101", size: "", quantity: 1 }],
          cartId: null,
          publicUrl: "http://localhost:3000",
          shopName: "Amani Prints",
          freeDeliveryOver: 5000,
          provider: "nope",
        }),
      ).rejects.toMatchObject({ status: 400, message: en.providerUnavailable });
      expect((await handle.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    });

    test("a paid payment settles a pending order to Completed, once, however often it is told", async () => {
      const { orderId } = await checkout();
      const reference = (await orderOf(orderId)).paymentReference!;
      expect((await notify(reference)).status).toBe(200);
      expect((await orderOf(orderId)).status).toBe("Pending");

      fake.set(reference, "COMPLETED", { paymentMethod: "FakeWallet", confirmationCode: "FW123" });
      const answers = await Promise.all(Array.from({ length: 5 }, () => notify(reference)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      // The shopper's return, found by the provider's own return parameter, changes nothing more.
      const back = providers.fromReturn(
        new URL(`http://localhost/order-success?fp_ref=${reference}`),
      );
      expect(back).toEqual({ provider: "fake-pay", reference });
      expect(await arriveFromPayment(testShop(handle.db, providers), back, null)).toMatchObject({
        status: "Completed",
        provider: "fake-pay",
      });

      const paid = await orderOf(orderId);
      expect(paid).toMatchObject({
        status: "Completed",
        paymentMethod: "FakeWallet",
        confirmationCode: "FW123",
        paymentStatus: {
          state: "COMPLETED",
          merchantReference: orderId,
          providerAnswer: { fakeStatus: "completed" },
        },
      });
      expect(await eventsOf(orderId)).toEqual([
        "created",
        "payment_requested",
        "payment_completed",
        "fulfilment_changed",
      ]);
    });

    test("a failed payment settles to Failed, once", async () => {
      const { orderId } = await checkout();
      const reference = (await orderOf(orderId)).paymentReference!;
      fake.set(reference, "FAILED");
      await notify(reference);
      await notify(reference);
      expect((await orderOf(orderId)).status).toBe("Failed");
      expect(await eventsOf(orderId)).toEqual(["created", "payment_requested", "payment_failed"]);
    });

    test("the reconciliation asks each order's own provider", async () => {
      const { orderId } = await checkout();
      const reference = (await orderOf(orderId)).paymentReference!;
      fake.set(reference, "COMPLETED", { paymentMethod: "FakeWallet", confirmationCode: "FW456" });
      await handle.db
        .update(orders)
        .set({ nextCheckAt: new Date(Date.now() + 3600_000) })
        .where(eq(orders.status, "Pending"));
      await handle.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 6 * 60_000), nextCheckAt: null })
        .where(eq(orders.id, orderId));
      expect(await reconcilePendingOrders(testShop(handle.db, providers))).toBe(1);
      expect((await orderOf(orderId)).status).toBe("Completed");
    });

    test("a reversal fails a completed order for good, flagged, and revenue stops counting it", async () => {
      const { orderId } = await checkout();
      const reference = (await orderOf(orderId)).paymentReference!;
      fake.set(reference, "COMPLETED", { paymentMethod: "FakeWallet", confirmationCode: "FW789" });
      await notify(reference);
      const revenueBefore = (await dashboardStats(handle.db)).revenue;
      const toPackBefore = await toPackCount(handle.db);

      fake.set(reference, "REVERSED", { paymentMethod: null, confirmationCode: null });
      await afterTheAskWindow(orderId);
      await notify(reference);
      const reversed = await orderOf(orderId);
      expect(reversed.status).toBe("Failed");
      expect(reversed.paymentReversedAt).toBeInstanceOf(Date);
      // The payment's facts stay for the owner to look up.
      expect(reversed.confirmationCode).toBe("FW789");
      expect((await dashboardStats(handle.db)).revenue).toBe(revenueBefore - 1200);
      // It leaves the packing queue: the money went back before the parcel left.
      expect(await toPackCount(handle.db)).toBe(toPackBefore - 1);
      const toPack = await orderSections(
        handle.db,
        parseOrdersQuery(new URLSearchParams("view=to_pack")),
      );
      expect(Object.values(toPack).flatMap((s) => s.rows.map((r) => r.id))).not.toContain(orderId);

      // A later answer saying paid (stale, or the provider's mistake) neither moves it back nor
      // hides the flag.
      fake.set(reference, "COMPLETED", { paymentMethod: "FakeWallet", confirmationCode: "FW789" });
      await afterTheAskWindow(orderId);
      await notify(reference);
      const after = await orderOf(orderId);
      expect(after.status).toBe("Failed");
      expect(after.paymentReversedAt).toEqual(reversed.paymentReversedAt);
      expect(after.paymentStatus).toMatchObject({ state: "REVERSED" });
      expect(await eventsOf(orderId)).toEqual([
        "created",
        "payment_requested",
        "payment_completed",
        "fulfilment_changed",
        "payment_reversed",
      ]);

      const failed = await orderSections(
        handle.db,
        parseOrdersQuery(new URLSearchParams("status=Failed")),
      );
      expect(failed.failed.rows.find((r) => r.id === orderId)).toMatchObject({
        paymentReversed: true,
        paymentProvider: "fake-pay",
      });
      await expect(
        changeOrderStatus(handle.db, { orderId, status: "Completed", adminId: "nobody" }),
      ).rejects.toThrow(OrderStatusError);
    });

    test("a malformed notification is answered with the provider's 4xx, and settles nothing", async () => {
      const queries = fake.statusQueries;
      const refused = await receivePaymentNotification(
        testShop(handle.db, providers),
        "fake-pay",
        new Request("http://localhost/api/fake-pay/notify", { method: "POST", body: "{}" }),
      );
      expect(refused.status).toBe(400);
      expect(fake.statusQueries).toBe(queries);
    });
  },
);

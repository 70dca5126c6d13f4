import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messages, orders, products } from "~/db/schema";
import { payAgain, payOrderAgain } from "~/flows/pay-again.server";
import { placeOrder } from "~/flows/place-order.server";
import { adjustStock } from "~/modules/inventory/stock.server";
import { PAYMENT_FAILED_NOTICE_MS } from "~/modules/messages/outbox.server";
import { builtInOutbox, sendDueMessages } from "~/modules/messages/sender.server";
import { PaymentProviders } from "~/modules/payments/registry";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { startDaraja } from "../setup/mpesa";
import { orderOf as storedOrder } from "../setup/orders";
import { payAt, startPesapal } from "../setup/pesapal";
import { testServices, testSettings } from "../setup/services";
import { until } from "../setup/until";

/**
 * Issue 40, point 5: one purchase, one story. A failed payment is told only after the order stayed
 * unpaid for a few minutes, never once it was paid; its words offer to pay this same order again,
 * by its link; a retry through either provider pays the same order.
 */
describe.each(databases)("a failed payment's messages, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let daraja: Awaited<ReturnType<typeof startDaraja>>;
  let pesapal: Awaited<ReturnType<typeof startPesapal>>;
  let shop: Services;
  let phones = 0;
  const cartId = "5d1c3b2a-0000-4000-8000-00000000c0de";

  const orderOf = (id: string) => storedOrder(handle.db, id);
  const messagesOf = (orderId: string) =>
    handle.db.select().from(messages).where(eq(messages.orderId, orderId)).orderBy(messages.id);
  /** The sender's round once `minutes` have passed for the order's waiting messages. */
  const sendAfter = async (orderId: string, minutes: number) => {
    await handle.db.execute(sql`
      update messages set next_attempt_at = next_attempt_at - make_interval(secs => ${minutes * 60})
       where order_id = ${orderId} and state = 'queued'`);
    await sendDueMessages(handle.db, shop.messages, 1000);
  };
  const sentKinds = async (orderId: string) =>
    (await messagesOf(orderId)).filter((m) => m.state === "sent").map((m) => m.kind);

  const checkout = async (provider: "mpesa-express" | "pesapal") => {
    const placed = await placeOrder(shop.database, shop.payments, {
      form: {
        name: "Wanjiku Kamau",
        phone: `07${String(30_000_000 + phones++).padStart(8, "0")}`,
        email: "wanjiku@example.co.ke",
        deliveryMethod: "pickup",
        pickupLocation: "Milele Mall Ngong",
        notes: "",
      },
      items: [{ productId: "9901", size: "", quantity: 1 }],
      clientTotal: 1300,
      cartId,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
      provider,
    });
    const order = await orderOf(placed.orderId);
    return { ...placed, order, prompt: order.paymentReference! };
  };

  beforeAll(async () => {
    handle = await database.open();
    daraja = await startDaraja();
    pesapal = await startPesapal();
    shop = await testServices(
      handle,
      {
        payments: new PaymentProviders([daraja.provider(), pesapal.client()]),
        messages: { sms: builtInOutbox, email: builtInOutbox },
      },
      testSettings(),
    );
    daraja.shops.push(shop);
    await handle.db.insert(products).values({
      id: "9901",
      name: "Nyota Ankara Headwrap",
      description: "d",
      category: "accessories",
      price: 1300,
    });
    await handle.db.transaction((tx) =>
      adjustStock(tx, { productId: "9901", size: "", quantity: 100, adminId: null }),
    );
  });
  afterAll(async () => {
    await daraja?.close();
    await pesapal?.close();
    await handle?.dispose();
  });

  test("a cancelled prompt paid 15 seconds later: no failure message, ever; one 'payment received'", async () => {
    const { orderId, prompt, redirectUrl } = await checkout("mpesa-express");
    daraja.emulator.control.answer(prompt, "cancel");
    await until(async () => (await orderOf(orderId)).status === "Failed");
    const waiting = (await messagesOf(orderId)).filter((m) => m.kind === "payment_failed");
    expect(waiting.map((m) => [m.channel, m.state])).toEqual([
      ["sms", "queued"],
      ["email", "queued"],
    ]);
    // It waits the few minutes before anything is said.
    for (const m of waiting) {
      const wait = m.nextAttemptAt.getTime() - m.createdAt.getTime();
      expect(wait).toBeGreaterThan(PAYMENT_FAILED_NOTICE_MS - 5_000);
      expect(wait).toBeLessThan(PAYMENT_FAILED_NOTICE_MS + 5_000);
    }
    await sendAfter(orderId, 0.25);
    expect(await sentKinds(orderId)).toEqual([]);

    const again = await payAgain(shop, redirectUrl.split("/pay/")[1]!, { way: "again", cartId });
    const next = (await orderOf(orderId)).paymentReference!;
    expect("redirectUrl" in again && next !== prompt).toBe(true);
    daraja.emulator.control.answer(next, "pay");
    await until(async () => (await orderOf(orderId)).status === "Completed");
    await sendAfter(orderId, 11);
    expect(await sentKinds(orderId)).toEqual(["payment_confirmed", "payment_confirmed"]);
    // The failure's messages are gone, not waiting to be sent later.
    expect((await messagesOf(orderId)).filter((m) => m.kind === "payment_failed")).toEqual([]);
  });

  test("a failure left unpaid for the wait is told once, with the link to pay this same order again", async () => {
    const { orderId, prompt, order } = await checkout("mpesa-express");
    daraja.emulator.control.answer(prompt, "cancel");
    await until(async () => (await orderOf(orderId)).status === "Failed");
    await sendAfter(orderId, 9);
    expect(await sentKinds(orderId)).toEqual([]);
    await sendAfter(orderId, 1);
    const sent = (await messagesOf(orderId)).filter((m) => m.state === "sent");
    expect(sent.map((m) => [m.kind, m.channel])).toEqual([
      ["payment_failed", "sms"],
      ["payment_failed", "email"],
    ]);
    const link = `http://localhost:3000/orders/${order.trackingToken}`;
    expect(sent[0]!.body).toContain(`Pay for this order again: ${link}`);
    expect(sent[1]!.body).toContain("you can pay for this same order again");
    expect(sent[1]!.body).toContain(`Pay for this order again: ${link}`);
    expect(sent[1]!.body).not.toMatch(/place the order again/i);
  });

  test("a second failure after the shopper was told says nothing more", async () => {
    const { orderId, prompt, redirectUrl } = await checkout("mpesa-express");
    daraja.emulator.control.answer(prompt, "cancel");
    await until(async () => (await orderOf(orderId)).status === "Failed");
    await sendAfter(orderId, 10);
    await payAgain(shop, redirectUrl.split("/pay/")[1]!, { way: "again", cartId });
    const next = (await orderOf(orderId)).paymentReference!;
    daraja.emulator.control.answer(next, "cancel");
    await until(async () => (await orderOf(orderId)).status === "Failed");
    await sendAfter(orderId, 10);
    expect(await sentKinds(orderId)).toEqual(["payment_failed", "payment_failed"]);
    expect((await messagesOf(orderId)).length).toBe(2);
  });

  test("Pesapal: a failed payment tried again pays the same order (one reference), and no failure is told", async () => {
    const { orderId, redirectUrl, order } = await checkout("pesapal");
    await payAt(redirectUrl, "fail", { method: "visa", sendIpn: false });
    // The shopper's return asks Pesapal; then 'Try again' from the same browser.
    const { settleOrder } = await import("~/flows/settle-payment.server");
    await settleOrder(
      shop,
      { provider: "pesapal", reference: order.paymentReference! },
      "callback",
    );
    expect((await orderOf(orderId)).status).toBe("Failed");
    const [attempt] = await handle.db
      .execute<{ id: string }>(sql`select id from payment_attempts where order_id = ${orderId}`)
      .then((r) => r.rows);
    const again = await payOrderAgain(shop, attempt!.id, cartId);
    expect("redirectUrl" in again).toBe(true);
    const payUrl = (again as { redirectUrl: string }).redirectUrl;
    expect(payUrl).not.toBe(redirectUrl);
    await payAt(payUrl, "complete", { sendIpn: false });
    const paid = await orderOf(orderId);
    await settleOrder(shop, { provider: "pesapal", reference: paid.paymentReference! }, "callback");
    expect((await orderOf(orderId)).status).toBe("Completed");
    // One order for the purchase: nothing else was placed from this order.
    const same = await handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.retryOf, orderId)));
    expect(same).toEqual([]);
    await sendAfter(orderId, 11);
    expect(await sentKinds(orderId)).toEqual(["payment_confirmed", "payment_confirmed"]);
  });
});

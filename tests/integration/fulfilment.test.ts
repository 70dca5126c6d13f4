import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messages, orderEvents, orders, products, user } from "~/db/schema";
import { moveFulfilment, undoFulfilment } from "~/flows/fulfil-order.server";
import { placeOrder } from "~/flows/place-order.server";
import { settleOrder } from "~/flows/settle-payment.server";
import { trackNotFound as NOT_FOUND, trackTooManyTries as TOO_MANY_TRIES } from "~/i18n/en";
import { orderSections, parseOrdersQuery, toPackCount } from "~/modules/orders/admin-orders.server";
import { FulfilmentError } from "~/modules/orders/fulfilment.server";
import { TRACK_LIMIT } from "~/modules/orders/tracking.server";
import type { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { loader as trackingLoader } from "~/routes/storefront/order-tracking";
import { action as trackAction } from "~/routes/storefront/track-order";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { payAt, startPesapalShop } from "../setup/pesapal";
import { routeArgs, testShop } from "../setup/services";

const ADMIN = "fulfilment-admin";
const base = {
  name: "Akinyi Otieno",
  email: "akinyi@example.co.ke",
  address: "Kenyatta Avenue 12",
  city: "Kisumu",
  notes: "",
};

describe.each(databases)("fulfilment and the shopper's tracking page, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let client: PesapalClient;
  let services: Services;
  let phones = 0;

  /** An order of its own (its own phone number), paid or not. */
  const order = async (deliveryMethod: "pickup" | "matatu", pay: "complete" | "fail" | null) => {
    const phone = `07${String(10_000_000 + phones++).padStart(8, "0")}`;
    const placed = await placeOrder(handle, new PaymentProviders([client]), {
      form: {
        ...base,
        phone,
        deliveryMethod,
        pickupLocation: deliveryMethod === "pickup" ? "Milele Mall Ngong" : "",
      },
      items: [{ productId: "ff1", size: "", quantity: 2 }],
      cartId: null,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
    });
    if (pay) {
      await payAt(placed.redirectUrl, pay, { sendIpn: false });
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
      await settleOrder(
        testShop(handle.db, new PaymentProviders([client])),
        { provider: "pesapal", reference: row!.paymentReference! },
        "callback",
      );
    }
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    return { ...row!, phone };
  };
  const track = async (token: string, prefix = "") => {
    try {
      return await trackingLoader(
        routeArgs(services, new Request(`http://localhost${prefix}/orders/${token}`), {
          params: { token },
        }),
      );
    } catch (thrown) {
      return thrown;
    }
  };
  const lookup = async (fields: Record<string, string>, clientAddress: string) => {
    try {
      return await trackAction(
        routeArgs(
          services,
          new Request("http://localhost/orders", {
            method: "POST",
            body: new URLSearchParams(fields),
          }),
          { clientAddress },
        ),
      );
    } catch (thrown) {
      return thrown;
    }
  };
  const statusOf = (answer: unknown) =>
    answer instanceof Response
      ? answer.status
      : ((answer as { init?: { status?: number } | null })?.init?.status ?? 200);
  const bodyOf = (answer: unknown) => (answer as { data: unknown }).data;

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(user).values({ id: ADMIN, name: "Owner", email: "owner@example.test" });
    await handle.db.insert(products).values({
      id: "ff1",
      name: "Kito Ankara Tote Bag",
      description: "A roomy tote.",
      category: "bags",
      price: 1800,
    });
    pesapal = await startPesapalShop(handle);
    ({ client, services } = pesapal);
  });

  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  test("a confirmed payment puts the order on the packing list, once however often it is settled", async () => {
    const paid = await order("matatu", "complete");
    expect(paid.status).toBe("Completed");
    expect(paid.fulfilmentState).toBe("to_pack");
    await settleOrder(
      testShop(handle.db, new PaymentProviders([client])),
      { provider: "pesapal", reference: paid.paymentReference! },
      "ipn",
    );
    const events = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, paid.id));
    expect(events.filter((e) => e.kind === "fulfilment_changed")).toHaveLength(1);
    expect(paid.trackingToken).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const unpaid = await order("matatu", "fail");
    expect(unpaid.fulfilmentState).toBeNull();
  });

  test("the owner moves it forward with a note, recorded with the admin; never backwards, never an unpaid order", async () => {
    const paid = await order("matatu", "complete");
    await moveFulfilment(testShop(handle.db), {
      orderId: paid.id,
      to: "sent",
      note: "2NK Sacco, arrives Kisumu 4 pm",
      adminId: ADMIN,
    });
    const [event] = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, paid.id))
      .orderBy(orderEvents.id)
      .then((rows) => rows.filter((e) => e.kind === "fulfilment_changed").slice(-1));
    expect(event).toMatchObject({
      adminId: ADMIN,
      details: { from: "to_pack", to: "sent", note: "2NK Sacco, arrives Kisumu 4 pm" },
    });
    await expect(
      moveFulfilment(testShop(handle.db), {
        orderId: paid.id,
        to: "to_pack",
        note: "",
        adminId: ADMIN,
      }),
    ).rejects.toThrow("That step does not follow this order's current one.");
    await expect(
      moveFulfilment(testShop(handle.db), {
        orderId: paid.id,
        to: "collected",
        note: "",
        adminId: ADMIN,
      }),
    ).rejects.toThrow(FulfilmentError);

    const unpaid = await order("pickup", null);
    await expect(
      moveFulfilment(testShop(handle.db), {
        orderId: unpaid.id,
        to: "ready_for_pickup",
        note: "",
        adminId: ADMIN,
      }),
    ).rejects.toThrow("Only paid orders are packed and sent.");
  });

  test("steps go one at a time; 'Undo' takes back the step just taken and its messages not yet gone", async () => {
    const paid = await order("matatu", "complete");
    const shop = testShop(handle.db);
    await expect(
      moveFulfilment(shop, { orderId: paid.id, to: "delivered", note: "", adminId: ADMIN }),
    ).rejects.toThrow("That step does not follow this order's current one.");
    await moveFulfilment(shop, { orderId: paid.id, to: "sent", note: "2NK", adminId: ADMIN });
    const stepMessages = () =>
      handle.db
        .select({ kind: messages.kind, state: messages.state, due: messages.nextAttemptAt })
        .from(messages)
        .where(and(eq(messages.orderId, paid.id), eq(messages.kind, "order_sent")));
    // The step's SMS and email wait out the Undo before the sender may take them.
    const waiting = await stepMessages();
    expect(waiting.map((m) => m.state)).toEqual(["queued", "queued"]);
    for (const m of waiting) expect(m.due.getTime()).toBeGreaterThan(Date.now() + 5_000);

    // Someone else's view, one step behind, cannot undo what it did not see.
    await expect(
      undoFulfilment(shop, { orderId: paid.id, from: "to_pack", adminId: ADMIN }),
    ).rejects.toThrow("That step can no longer be undone.");
    expect(await undoFulfilment(shop, { orderId: paid.id, from: "sent", adminId: ADMIN })).toBe(
      "to_pack",
    );
    expect(await stepMessages()).toEqual([]);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(row).toMatchObject({ fulfilmentState: "to_pack", fulfilmentNote: "" });
    const events = await handle.db
      .select({ details: orderEvents.details })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, paid.id), eq(orderEvents.kind, "fulfilment_changed")))
      .orderBy(orderEvents.id);
    expect(events.at(-1)?.details).toEqual({ from: "sent", to: "to_pack", undone: true });
    // Nothing before the first step; a sent message stays sent.
    await expect(
      undoFulfilment(shop, { orderId: paid.id, from: "to_pack", adminId: ADMIN }),
    ).rejects.toThrow("That step can no longer be undone.");
    await moveFulfilment(shop, { orderId: paid.id, to: "sent", note: "", adminId: ADMIN });
    await handle.db
      .update(messages)
      .set({ state: "sent" })
      .where(and(eq(messages.orderId, paid.id), eq(messages.kind, "order_sent")));
    await undoFulfilment(shop, { orderId: paid.id, from: "sent", adminId: ADMIN });
    expect((await stepMessages()).map((m) => m.state)).toEqual(["sent", "sent"]);
  });

  test("the tracking page shows the payment, the steps with their note, items, delivery and total", async () => {
    const paid = await order("pickup", "complete");
    await moveFulfilment(testShop(handle.db), {
      orderId: paid.id,
      to: "ready_for_pickup",
      note: "Ask for Wanjiru at the counter",
      adminId: ADMIN,
    });
    const answer = await track(paid.trackingToken);
    expect(statusOf(answer)).toBe(200);
    const { order: shown } = bodyOf(answer) as { order: Record<string, unknown> };
    expect(shown).toMatchObject({
      reference: paid.id.slice(0, 8).toUpperCase(),
      payment: "paid",
      total: 3600,
      items: [{ name: "Kito Ankara Tote Bag", quantity: 2, price: 1800 }],
      delivery: { pickup: true, pickupLocation: "Milele Mall Ngong", fee: 0 },
    });
    expect(shown.steps).toMatchObject([
      { state: "to_pack", status: "done" },
      { state: "ready_for_pickup", status: "done", note: "Ask for Wanjiru at the counter" },
      { state: "collected", status: "next", at: null },
    ]);
    // Nothing of the shopper the page does not need.
    expect(JSON.stringify(shown)).not.toContain(paid.phone.slice(1));
    expect(JSON.stringify(shown)).not.toContain(base.email);

    // An unpaid order an admin marked Shipped still says its payment is not confirmed.
    const unpaid = await order("matatu", null);
    await handle.db.update(orders).set({ status: "Shipped" }).where(eq(orders.id, unpaid.id));
    const unpaidAnswer = bodyOf(await track(unpaid.trackingToken)) as {
      order: { payment: string };
    };
    expect(unpaidAnswer.order.payment).toBe("confirming");
  });

  test("an order's page is in the order's language, whichever language its link is opened in", async () => {
    const placed = await order("pickup", "complete");
    const moved = (answer: unknown) => {
      expect(answer).toBeInstanceOf(Response);
      const response = answer as Response;
      expect(response.status).toBe(302);
      // A whole page load: the other language's page has scripts of its own.
      expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
      return response.headers.get("Location");
    };
    expect(statusOf(await track(placed.trackingToken))).toBe(200);
    expect(moved(await track(placed.trackingToken, "/sw"))).toBe(
      `http://localhost/orders/${placed.trackingToken}`,
    );
    await handle.db.update(orders).set({ language: "sw" }).where(eq(orders.id, placed.id));
    expect(moved(await track(placed.trackingToken))).toBe(
      `http://localhost/sw/orders/${placed.trackingToken}`,
    );
    expect(statusOf(await track(placed.trackingToken, "/sw"))).toBe(200);
  });

  test("reference and phone find the order; a wrong pair says so; ten wrong tries an hour, then refused", async () => {
    const paid = await order("matatu", "complete");
    const reference = paid.id.slice(0, 8).toUpperCase();
    const found = await lookup({ reference, phone: paid.phone }, "10.77.0.1");
    expect(found).toBeInstanceOf(Response);
    expect((found as Response).headers.get("Location")).toBe(`/orders/${paid.trackingToken}`);

    const address = "10.77.0.2";
    for (let i = 0; i < TRACK_LIMIT.points; i++) {
      const wrong = await lookup({ reference, phone: "0799999999" }, address);
      expect(statusOf(wrong)).toBe(404);
      expect(bodyOf(wrong)).toMatchObject({ error: NOT_FOUND });
    }
    const refused = await lookup({ reference, phone: paid.phone }, address);
    expect(statusOf(refused)).toBe(429);
    expect(bodyOf(refused)).toMatchObject({ error: TOO_MANY_TRIES });
  });

  test("hostile tokens and lookups get a 4xx and a sentence, never a 5xx, never another order", async () => {
    const paid = await order("matatu", "complete");
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (token) => {
        const answer = await track(token);
        if (token === paid.trackingToken) return;
        expect(statusOf(answer)).toBe(404);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          reference: fc.oneof(fc.string({ maxLength: 300 }), fc.constant("%"), fc.constant("_")),
          phone: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(paid.phone)),
        }),
        async (fields) => {
          const answer = await lookup(fields, `10.78.${n >> 8}.${n++ & 255}`);
          expect(statusOf(answer)).toBe(404);
          expect(bodyOf(answer)).toMatchObject({ error: NOT_FOUND });
        },
      ),
      { numRuns: 60 },
    );
  });

  test("the orders tab finds an order by reference, phone or name, and lists those to pack", async () => {
    const paid = await order("matatu", "complete");
    const ids = async (search: string) =>
      Object.values(await orderSections(handle.db, parseOrdersQuery(new URLSearchParams(search))))
        .flatMap((section) => section.rows)
        .map((o) => o.id);
    expect(await ids(`q=${paid.id.slice(0, 8).toUpperCase()}`)).toEqual([paid.id]);
    expect(await ids(`q=${encodeURIComponent(`+${paid.customerPhone}`)}`)).toEqual([paid.id]);
    expect(await ids(`q=${paid.phone}`)).toEqual([paid.id]);
    expect(await ids("q=akinyi")).toContain(paid.id);
    expect(await ids("q=%25_")).toEqual([]);

    const before = await toPackCount(handle.db);
    expect(await ids("view=to_pack")).toContain(paid.id);
    await moveFulfilment(testShop(handle.db), {
      orderId: paid.id,
      to: "sent",
      note: "",
      adminId: ADMIN,
    });
    expect(await ids("view=to_pack")).not.toContain(paid.id);
    expect(await toPackCount(handle.db)).toBe(before - 1);
  });
});

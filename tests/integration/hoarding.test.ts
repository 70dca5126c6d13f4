import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products, throttleCounters } from "~/db/schema";
import { placeOrder } from "~/flows/place-order.server";
import { sampleCatalogue } from "~/modules/catalog/sample-catalogue";
import type { RequestedItem } from "~/modules/checkout/pricing";
import { startTracking } from "~/modules/inventory/stock.server";
import { holdTermsOf } from "~/modules/inventory/stock-rules";
import { bothDatabases as databases } from "../setup/databases";
import { startPesapalShop } from "../setup/pesapal";

// Decision 57: every order that may be paid holds its pieces, and what one shopper's unpaid orders
// hold is bounded: a cart or a phone number 30 pieces, an address 2% of the shop's pieces (at the
// defaults). Here the attack that once held 88% of the sample shop's units is replayed from five
// addresses, greedy and then within the limits, and a mobile network's fifty shoppers behind one
// address each check out.

const form = (phone: string) => ({
  name: "Wanjiru Kamau",
  phone,
  email: "wanjiru@example.co.ke",
  deliveryMethod: "pickup",
  pickupLocation: "Milele Mall",
  address: "",
  city: "",
  notes: "",
});

describe.each(databases)("stock that cannot be hoarded, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let phones = 0;

  const checkout = (address: string, items: RequestedItem[]) => {
    const { services } = pesapal;
    return placeOrder(services.database, services.payments, {
      form: form(`07${String(30_000_000 + phones++)}`),
      items,
      cartId: randomUUID(),
      clientAddress: address,
      publicUrl: services.settings.PUBLIC_URL,
      shopName: services.settings.SHOP_NAME,
      freeDeliveryOver: services.settings.FREE_DELIVERY_OVER,
      hold: holdTermsOf(services.settings),
    });
  };

  /** Every tracked size of a product on sale, with what is on the shelf and what unpaid orders hold. */
  const sizes = async () => {
    const { rows } = await handle.db.execute<{
      product_id: string;
      size: string;
      shelf: number;
      held: number;
    }>(sql`
      select s.product_id, s.size, s.quantity as shelf,
             coalesce((select sum(-m.change) from stock_movements m join orders o on o.id = m.order_id
                        where m.product_id = s.product_id and m.size = s.size
                          and m.kind in ('held', 'released') and o.stock_state = 'held'), 0)::int as held
        from product_stock s join products p on p.id = s.product_id
       where p.in_stock
       order by s.quantity desc, s.product_id, s.size`);
    return rows.map((r) => ({ ...r, shelf: Number(r.shelf), held: Number(r.held) }));
  };
  /** The share of all the shop's pieces that unpaid orders hold. */
  const heldShare = async () => {
    const all = await sizes();
    const held = all.reduce((sum, s) => sum + s.held, 0);
    return held / all.reduce((sum, s) => sum + s.held + s.shelf, 0);
  };

  beforeAll(async () => {
    handle = await database.open();
    const catalogue = sampleCatalogue();
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < catalogue.length; i += 50) {
        await tx
          .insert(products)
          .values(catalogue.slice(i, i + 50).map(({ imageCount, stock, ...fields }) => fields));
      }
      const levels = catalogue.flatMap((p) =>
        Object.entries(p.stock ?? {}).map(([size, quantity]) => ({
          productId: p.id,
          size,
          quantity,
        })),
      );
      await startTracking(tx, levels, "sample catalogue");
    });
    pesapal = await startPesapalShop(handle);
  });
  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  test("five addresses, each checking out ten carts of 50 lines at the most the shelf gives, hold at most 10% of the shop", async () => {
    await handle.db.delete(throttleCounters);
    const refusals = new Set<string>();
    for (let address = 1; address <= 5; address++) {
      for (let cart = 0; cart < 10; cart++) {
        // The cart caps each line at what the shelf has (asking 99), so each takes whole sizes.
        const lines = (await sizes())
          .filter((s) => s.shelf > 0)
          .slice(cart * 50, cart * 50 + 50)
          .map((s) => ({ productId: s.product_id, size: s.size, quantity: Math.min(99, s.shelf) }));
        if (lines.length === 0) continue;
        await checkout(`10.66.0.${address}`, lines).then(
          () => {},
          (error: Error) => refusals.add(error.message),
        );
        expect(await heldShare()).toBeLessThanOrEqual(0.1);
      }
    }
    // Each greedy order is refused before any payment, with a sentence.
    expect([...refusals]).toEqual([
      "One order can set aside at most 30 pieces while it is paid for. Please order fewer pieces at a time, or contact us.",
    ]);
  });

  test("the same attack within the limits (orders of a few pieces, a new cart and phone each) still holds at most 10% of the shop", async () => {
    await handle.db.delete(throttleCounters);
    let placed = 0;
    const refusals = new Set<string>();
    for (let address = 1; address <= 5; address++) {
      for (let cart = 0; cart < 12; cart++) {
        const lines = (await sizes())
          .filter((s) => s.shelf > 0)
          .slice(cart * 5, cart * 5 + 5)
          .map((s) => ({ productId: s.product_id, size: s.size, quantity: Math.min(3, s.shelf) }));
        await checkout(`10.67.0.${address}`, lines).then(
          () => placed++,
          (error: Error) => refusals.add(error.message),
        );
        expect(await heldShare()).toBeLessThanOrEqual(0.1);
      }
    }
    expect(placed).toBeGreaterThan(5);
    expect([...refusals]).toEqual([
      "Too many pieces are waiting for payment from this cart, phone number or connection. Please finish the payment you started, or try again in a few minutes.",
    ]);
  });

  test("fifty shoppers behind one mobile network's address each check out once", async () => {
    await handle.db.delete(throttleCounters);
    const onSale = (await sizes()).filter((s) => s.shelf > 1).slice(0, 50);
    expect(onSale).toHaveLength(50);
    const results = await Promise.allSettled(
      onSale.map((s) =>
        checkout("10.77.0.1", [{ productId: s.product_id, size: s.size, quantity: 1 }]),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
  });
});

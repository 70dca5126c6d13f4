import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orders, products } from "~/db/schema";
import { placeOrder } from "~/flows/place-order.server";
import { reconcilePendingOrders } from "~/flows/reconcile-payments.server";
import { settleOrder } from "~/flows/settle-payment.server";
import type { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { metricsRegistry } from "~/utils/metrics.server";
import { databases } from "../setup/databases";
import { payAt, startPesapal } from "../setup/pesapal";
import { testShop } from "../setup/services";

/** One sample of the registry's text output, or 0 when the series does not exist yet. */
async function sample(name: string, labels = ""): Promise<number> {
  const text = await metricsRegistry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(" ")[1]) : 0;
}

// The shop's own code records what an operator watches: a checkout, Pesapal's answers, the
// settlement and the reconciliation, through the real client and the emulator over HTTP.
describe.each(databases)("metrics recorded by checkout and settlement, on $name", (database) => {
  let handle: Awaited<ReturnType<typeof database.open>>;
  let pesapal: Awaited<ReturnType<typeof startPesapal>>;
  let base = "";
  let client: PesapalClient;

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(products).values({
      id: "9101",
      name: "Kito Ankara Tote Bag",
      description: "d",
      category: "accessories",
      price: 600,
    });
    pesapal = await startPesapal();
    base = pesapal.base;
    client = pesapal.client();
  });

  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  test("a paid checkout counts one order created, Pesapal's calls, and one Completed settlement", async () => {
    const created = await sample("shop_orders_created_total");
    const submitted = `{provider="pesapal",operation="SubmitOrderRequest",outcome="ok"}`;
    const submits = await sample("shop_payment_provider_request_duration_seconds_count", submitted);
    const completed = `{outcome="Completed",source="callback"}`;
    const settled = await sample("shop_orders_settled_total", completed);

    const { orderId, redirectUrl } = await placeOrder(handle, new PaymentProviders([client]), {
      form: {
        name: "Akinyi Otieno",
        phone: "0712345678",
        email: "akinyi@example.co.ke",
        deliveryMethod: "pickup",
      },
      items: [{ productId: "9101", size: "", quantity: 1 }],
      cartId: null,
      publicUrl: base,
      shopName: "Amani Prints",
      freeDeliveryOver: 5000,
    });
    expect(await sample("shop_orders_created_total")).toBe(created + 1);
    expect(await sample("shop_payment_provider_request_duration_seconds_count", submitted)).toBe(
      submits + 1,
    );

    const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    const tracking = order!.paymentReference!;
    await payAt(redirectUrl, "complete", { sendIpn: false });
    await settleOrder(
      testShop(handle.db, new PaymentProviders([client])),
      { provider: "pesapal", reference: tracking },
      "callback",
    );
    // Asking again changes nothing, and counts nothing.
    await settleOrder(
      testShop(handle.db, new PaymentProviders([client])),
      { provider: "pesapal", reference: tracking },
      "callback",
    );
    expect(await sample("shop_orders_settled_total", completed)).toBe(settled + 1);
  });

  test("each reconciliation run is counted with the orders it checked", async () => {
    const runs = await sample("shop_reconciliation_runs_total");
    await reconcilePendingOrders(testShop(handle.db, new PaymentProviders([client])));
    expect(await sample("shop_reconciliation_runs_total")).toBe(runs + 1);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { discountCodes, messages, orders, productStock, products } from "~/db/schema";
import { settleOrder } from "~/flows/settle-payment.server";
import { setStock } from "~/modules/inventory/stock.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { type DatabasePlace, bothDatabases as databases } from "../setup/databases";
import { payAt, startPesapal } from "../setup/pesapal";
import { testShop } from "../setup/services";

// Issue 40's flash sale across two processes sharing PostgreSQL, at the shop's defaults: fifty
// shoppers, twenty-five in each process, check out the last three pieces of a size at once.
// Every order that may be paid holds its piece, so at most three are placed and paid, and none is
// paid short; the others are told someone is paying, and no payment is asked for them.

type Outcome = { placed: string; redirectUrl: string } | { refused: string };

const postgres = databases.find((d) => d.name === "PostgreSQL");

function startWorker(env: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "tests/setup/rush-worker.ts"],
    {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    async ready() {
      const end = Date.now() + 120_000;
      while (!/^ready$/m.test(output)) {
        if (Date.now() > end || child.exitCode !== null) throw new Error(output);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    go: () => child.stdin?.write("go\n"),
    async outcomes(): Promise<Outcome[]> {
      await exited;
      const line = output.split("\n").find((l) => l.startsWith("["));
      if (!line) throw new Error(output);
      return JSON.parse(line);
    },
    kill: () => child.kill("SIGKILL"),
  };
}

describe.runIf(postgres)("a flash sale across two processes on PostgreSQL", () => {
  let place: DatabasePlace;
  let handle: DatabaseHandle;
  let pesapal: Awaited<ReturnType<typeof startPesapal>>;

  beforeAll(async () => {
    place = await postgres!.place();
    handle = await place.open();
    pesapal = await startPesapal();
  });
  afterAll(async () => {
    await pesapal?.close();
    await handle?.close();
    await place?.dispose();
  });

  test("fifty shoppers in two processes for 3 pieces: at most 3 paid, none paid short", async () => {
    await handle.db.insert(products).values({
      id: "9901",
      name: "Zuri Kitenge Wrap Dress",
      description: "d",
      category: "dresses",
      price: 2500,
      sizes: ["M"],
    });
    await setStock(handle.db, { productId: "9901", size: "M", quantity: 3, adminId: null });
    const common = {
      DATABASE_URL: place.env.DATABASE_URL!,
      RUSH_PESAPAL: pesapal.base,
      RUSH_PRODUCT: "9901",
      RUSH_SHOPPERS: "25",
    };
    const workers = [
      startWorker({ ...common, RUSH_FIRST: "0" }),
      startWorker({ ...common, RUSH_FIRST: "25" }),
    ];
    try {
      await Promise.all(workers.map((w) => w.ready()));
      for (const worker of workers) worker.go();
      const outcomes = (await Promise.all(workers.map((w) => w.outcomes()))).flat();
      const placed = outcomes.flatMap((o) => ("placed" in o ? [o] : []));
      const refused = outcomes.flatMap((o) => ("refused" in o ? [o.refused] : []));
      expect(placed.length).toBeLessThanOrEqual(3);
      expect(placed.length + refused.length).toBe(50);
      expect(new Set(refused)).toEqual(
        new Set([
          "Someone is paying for the last one. Try again in a few minutes, or choose another size.",
        ]),
      );
      // Every order placed is paid for.
      const shop = testShop(handle.db, new PaymentProviders([pesapal.client()]));
      for (const order of placed) {
        await payAt(order.redirectUrl, "complete", { sendIpn: false });
        const [row] = await handle.db
          .select({ reference: orders.paymentReference })
          .from(orders)
          .where(eq(orders.id, order.placed));
        await settleOrder(shop, { provider: "pesapal", reference: row!.reference! }, "callback");
      }
      const paid = await handle.db
        .select({ status: orders.status, short: orders.stockShort })
        .from(orders)
        .where(sql`${orders.paymentStatus}->>'state' = 'COMPLETED'`);
      expect(paid).toHaveLength(placed.length);
      expect(paid.filter((o) => o.short !== null)).toEqual([]);
      // Only orders holding a piece were ever sent to a payment page.
      const asked = await handle.db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.paymentReference} is not null`);
      expect(asked).toHaveLength(placed.length);
      const [shelf] = await handle.db
        .select({ quantity: productStock.quantity })
        .from(productStock);
      expect(shelf!.quantity).toBe(3 - placed.length);
    } finally {
      for (const worker of workers) worker.kill();
    }
  });

  test("one shopper's order paid in full by a code, submitted in both processes at once: one order, paid once, told once", async () => {
    await handle.db.insert(products).values({
      id: "9902",
      name: "Amani Ankara Scarf",
      description: "d",
      category: "accessories",
      price: 1300,
      sizes: ["M"],
    });
    await setStock(handle.db, { productId: "9902", size: "M", quantity: 5, adminId: null });
    await handle.db
      .insert(discountCodes)
      .values({ code: "ZAWADI", kind: "amount", value: 100_000 });
    const common = {
      DATABASE_URL: place.env.DATABASE_URL!,
      RUSH_PESAPAL: pesapal.base,
      RUSH_PRODUCT: "9902",
      // A double tap reaching each process: four submissions, within the cart's five orders.
      RUSH_SHOPPERS: "2",
      RUSH_CODE: "ZAWADI",
      RUSH_CART: "7a1c3b2a-0000-4000-8000-0000000c0de5",
    };
    const workers = [
      startWorker({ ...common, RUSH_FIRST: "0" }),
      startWorker({ ...common, RUSH_FIRST: "2" }),
    ];
    try {
      await Promise.all(workers.map((w) => w.ready()));
      for (const worker of workers) worker.go();
      const outcomes = (await Promise.all(workers.map((w) => w.outcomes()))).flat();
      const placed = outcomes.flatMap((o) => ("placed" in o ? [o] : []));
      // Each tap lands on the order's page, or is told it is on its way; never a 5xx.
      expect(placed.length).toBeGreaterThan(0);
      expect(new Set(placed.map((o) => o.placed)).size).toBe(1);
      expect(placed[0]!.redirectUrl).toMatch(/\/orders\/[\w-]{22,}$/);
      for (const o of outcomes) {
        if ("refused" in o) {
          expect(o.refused).toBe(
            "Your order is already on its way to the payment page. Please wait a moment and try again.",
          );
        }
      }
      const made = await handle.db
        .select({ id: orders.id, status: orders.status, amount: orders.amount })
        .from(orders)
        .where(sql`${orders.items} @> ${JSON.stringify([{ productId: "9902" }])}::jsonb`);
      expect(made).toEqual([{ id: placed[0]!.placed, status: "Completed", amount: 0 }]);
      const told = await handle.db
        .select({ channel: messages.channel, audience: messages.audience })
        .from(messages)
        .where(eq(messages.orderId, placed[0]!.placed));
      // One message per audience and channel: the 'payment confirmed' set, once.
      expect(told.length).toBe(new Set(told.map((m) => `${m.audience}:${m.channel}`)).size);
      const [shelf] = await handle.db
        .select({ quantity: productStock.quantity })
        .from(productStock)
        .where(eq(productStock.productId, "9902"));
      expect(shelf!.quantity).toBe(4);
    } finally {
      for (const worker of workers) worker.kill();
    }
  });
});

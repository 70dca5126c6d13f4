import { type ChildProcess, spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, productStock, products } from "~/db/schema";
import { setStock } from "~/modules/inventory/stock.server";
import { settleOrder } from "~/modules/orders/settlement.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { type DatabasePlace, databases } from "../setup/databases";
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
});

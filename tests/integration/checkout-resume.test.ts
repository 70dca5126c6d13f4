import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { placeOrder } from "~/flows/place-order.server";
import type { PaymentRequest } from "~/modules/payments/provider";
import { PaymentProviders } from "~/modules/payments/registry";
import { bothDatabases as databases } from "../setup/databases";
import { FakePay } from "../setup/fake-pay";

/** A provider whose next payment request is answered only when the test says. */
class SlowPay extends FakePay {
  private waiting: (() => void) | null = null;
  requests = 0;
  holdNext() {
    let started!: () => void;
    const asked = new Promise<void>((resolve) => (started = resolve));
    let answer!: () => void;
    this.waiting = () => started();
    const answered = new Promise<void>((resolve) => (answer = resolve));
    this.pending = answered;
    return { asked, answer };
  }
  private pending: Promise<void> | null = null;
  override async submitOrder(request: PaymentRequest) {
    this.requests++;
    if (this.pending) {
      const pending = this.pending;
      this.pending = null;
      this.waiting?.();
      await pending;
    }
    return super.submitOrder(request);
  }
}

const form = {
  name: "Njeri Mwangi",
  phone: "0722000111",
  email: "njeri@example.co.ke",
  deliveryMethod: "pickup",
  pickupLocation: "Milele Mall",
  address: "",
  city: "",
  notes: "",
};

describe.each(databases)(
  "Pay again after the process making the request died, on $name",
  (database) => {
    let handle: DatabaseHandle & { dispose(): Promise<void> };
    const provider = new SlowPay();
    /**
     * Another shop process on the same database, as far as locks can tell: on PostgreSQL its
     * order locks are held on a connection of its own, which `die` drops as a killed process's
     * would be; PGlite belongs to one process, so a dead one holds nothing.
     */
    const anotherProcess = () => {
      const clients: pg.Client[] = [];
      const { connection } = handle;
      const lockWhile = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
        if (connection.kind === "pglite") return work();
        const client = new pg.Client({ connectionString: connection.url });
        client.on("error", () => {});
        clients.push(client);
        await client.connect();
        await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [key]);
        try {
          return await work();
        } finally {
          await client.end().catch(() => {});
        }
      };
      return {
        database: { db: handle.db, lockWhile },
        die: () => Promise.all(clients.map((c) => c.end().catch(() => {}))),
      };
    };
    const submission = (cartId: string) => ({
      form,
      items: [{ productId: "9601", size: "", quantity: 1 }],
      cartId,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
    });
    const order = async (cartId: string) =>
      (await handle.db.select().from(orders).where(eq(orders.cartId, cartId)))[0];

    beforeAll(async () => {
      handle = await database.open();
      await handle.db.insert(products).values({
        id: "9601",
        name: "Baraka Kente Scarf",
        description: "d",
        category: "accessories",
        price: 1200,
        sizes: [],
      });
    });
    afterAll(() => handle?.dispose());

    test("resumes the interrupted request in under 2 seconds", async () => {
      const providers = new PaymentProviders([provider]);
      const cartId = randomUUID();
      const dying = anotherProcess();
      const { asked } = provider.holdNext();
      // The first process placed the order and is asking the provider when it dies.
      void placeOrder(dying.database, providers, submission(cartId)).catch(() => {});
      await asked;
      await dying.die();

      const started = Date.now();
      const resumed = await placeOrder(handle, providers, submission(cartId));
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(resumed.redirectUrl).toMatch(/^https:\/\/pay\.fake\.example\/checkout\//);
      expect(await order(cartId)).toMatchObject({
        id: resumed.orderId,
        paymentAttempts: 2,
        paymentRedirectUrl: resumed.redirectUrl,
      });
    });

    test("while that process lives, the same submission waits for its answer and asks nothing twice", async () => {
      const providers = new PaymentProviders([provider]);
      const cartId = randomUUID();
      const living =
        handle.kind === "pglite" ? { database: handle, die: async () => {} } : anotherProcess();
      try {
        const { asked, answer } = provider.holdNext();
        const first = placeOrder(living.database, providers, submission(cartId));
        await asked;
        const requests = provider.requests;
        const again = placeOrder(handle, providers, submission(cartId));
        await new Promise((resolve) => setTimeout(resolve, 600));
        answer();
        const [a, b] = await Promise.all([first, again]);
        expect(b).toEqual(a);
        expect(provider.requests).toBe(requests);
        expect(await order(cartId)).toMatchObject({ paymentAttempts: 1 });
      } finally {
        await living.die();
      }
    });
  },
);

// A process of its own that checks out a crowd of shoppers at once, for the two-process rush
// test: the shop's own placeOrder on its own database pool, paying through the Pesapal the test
// runs. It says "ready", waits for "go" on its input, then prints one JSON line of outcomes.
// With RUSH_CODE, every checkout is one shopper's same submission (one cart, one form) with that
// discount code: a double tap reaching two processes at once.
import { createInterface } from "node:readline";
import { openDatabase } from "~/db/client.server";
import { placeOrder } from "~/flows/place-order.server";
import { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { parseSettings } from "~/settings.server";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const base = env("RUSH_PESAPAL");
const shoppers = Number(env("RUSH_SHOPPERS"));
const first = Number(env("RUSH_FIRST"));
const code = process.env.RUSH_CODE;
const sameCart = process.env.RUSH_CART;
const database = await openDatabase({ databaseUrl: env("DATABASE_URL"), dataDir: "." });
const payments = new PaymentProviders([
  new PesapalClient({
    baseUrl: `${base}/pesapal`,
    consumerKey: "k",
    consumerSecret: "s",
    ipnUrl: `${base}/ipn`,
    ipnNotificationType: "GET",
    ipnStore: { get: async () => null, set: async () => {} },
  }),
]);

process.stdout.write("ready\n");
await new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => line === "go" && resolve());
});
const outcomes = await Promise.allSettled(
  Array.from({ length: shoppers }, (_, i) =>
    placeOrder(database, payments, {
      form: {
        name: "Wanjiru Kamau",
        phone: code ? "0740000000" : `07${String(40_000_000 + first + i)}`,
        email: "wanjiru@example.co.ke",
        deliveryMethod: "pickup",
        pickupLocation: "Milele Mall",
        address: "",
        city: "",
        notes: "",
      },
      items: [{ productId: env("RUSH_PRODUCT"), size: "M", quantity: 1 }],
      cartId: sameCart ?? crypto.randomUUID(),
      ...(code ? { discountCode: code, messages: parseSettings({}) } : {}),
      clientAddress: `10.88.${first % 250}.${i % 250}`,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
    }),
  ),
);
process.stdout.write(
  `${JSON.stringify(
    outcomes.map((o) =>
      o.status === "fulfilled"
        ? { placed: o.value.orderId, redirectUrl: o.value.redirectUrl }
        : { refused: (o.reason as Error).message },
    ),
  )}\n`,
);
await database.close();
process.exit(0);

import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, paymentAttempts, products } from "~/db/schema";
import * as en from "~/i18n/en";
import { cartCookie } from "~/modules/cart/cart.server";
import { adjustStock } from "~/modules/inventory/stock.server";
import { PROMPTS_PER_NUMBER } from "~/modules/orders/prompt-rules";
import { PaymentProviders } from "~/modules/payments/registry";
import { action as apiCheckout } from "~/routes/resources/api-checkout";
import { action as payAction } from "~/routes/storefront/pay";
import type { Services } from "~/services.server";
import { bothDatabases as databases } from "../setup/databases";
import { startDaraja } from "../setup/mpesa";
import { startPesapal } from "../setup/pesapal";
import { routeArgs, testServices, testSettings } from "../setup/services";
import { until } from "../setup/until";

/**
 * The STK-push fraud, as tried on the shop: one address places 10 M-Pesa checkouts naming a
 * stranger's number as the payer, each from a cart of its own (so it may send each prompt again),
 * then taps 'Send the prompt again' six times on each. The victim cancels every prompt at once (the
 * worst case: an open prompt would block the next). What the Daraja emulator received is counted.
 */

const VICTIM = "254722000999";
const ATTACKER = "10.66.0.1";
const form = (phone: string) => ({
  name: "Mgeni Fulani",
  phone,
  email: "mgeni@example.co.ke",
  deliveryMethod: "pickup",
  pickupLocation: "Milele Mall Ngong",
});

describe.each(databases)("M-Pesa prompts to a stranger's number, on $name", (database) => {
  let handle: DatabaseHandle;
  let daraja: Awaited<ReturnType<typeof startDaraja>>;
  let pesapal: Awaited<ReturnType<typeof startPesapal>>;
  let shops: Services[] = [];
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    daraja = await startDaraja();
    pesapal = await startPesapal();
    const payments = new PaymentProviders([daraja.provider(), pesapal.client()]);
    const handles: DatabaseHandle[] = [];
    if (database.name === "PGlite") {
      const only = await database.open();
      closing.push(() => only.dispose());
      handles.push(only);
    } else {
      // Two shop processes on one database, each with its own pools and its locks' connections,
      // taking the attacker's requests in turn.
      const place = await database.place();
      const [a, b] = await Promise.all([place.open(), place.open()]);
      closing.push(async () => {
        await a!.close();
        await b!.close();
        await place.dispose();
      });
      handles.push(a!, b!);
    }
    handle = handles[0]!;
    shops = await Promise.all(handles.map((h) => testServices(h, { payments }, testSettings())));
    daraja.shops.push(...shops);
    await handle.db.insert(products).values({
      id: "9801",
      name: "Zawadi Ankara Dress",
      description: "d",
      category: "dresses",
      price: 2500,
      sizes: ["M"],
    });
    await handle.db.transaction((tx) =>
      adjustStock(tx, { productId: "9801", size: "M", quantity: 100, adminId: null }),
    );
  });
  afterAll(async () => {
    await daraja?.close();
    await pesapal?.close();
    for (const close of closing) await close();
  });

  const cookieOf = async (cartId: string) => (await cartCookie.serialize(cartId)).split(";")[0]!;

  /** One checkout by the attacker: their own phone for the order, the victim's for the prompt. */
  type Placed = { page: string; cartId: string } | { status: number; message: string };
  const checkout = async (on: Services, phone: string, cartId: string): Promise<Placed> => {
    const response = await apiCheckout(
      routeArgs<never>(
        on,
        new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: await cookieOf(cartId) },
          body: JSON.stringify({
            data: {
              items: [{ id: "9801", quantity: 1, size: "M" }],
              checkoutData: form(phone),
              total: 2500,
              paymentMethod: "mpesa-express",
              payerPhone: "0722 000 999",
            },
          }),
        }),
        { clientAddress: ATTACKER },
      ),
    );
    const body = await response.json();
    return response.status === 200
      ? { page: String(body.data.redirectUrl).split("/pay/")[1]!, cartId }
      : { status: response.status, message: String(body.error.message) };
  };

  /** 'Send the prompt again' on a waiting page, as its form posts it. */
  const sendAgain = async (
    on: Services,
    page: string,
    cookie: string | null,
    payerPhone = "0722000999",
  ) => {
    const request = new Request(`http://localhost/pay/${page}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams({ intent: "again", payerPhone }),
    });
    try {
      const answer = (await payAction(
        routeArgs<never>(on, request, { clientAddress: ATTACKER, params: { attempt: page } }),
      )) as unknown as { data: { error: string }; init: { status: number } };
      return { status: answer.init.status, message: answer.data.error };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, message: "" };
      throw thrown;
    }
  };

  /** The victim cancels whatever prompt is open on their phone; the shop hears of it. */
  const victimCancels = async () => {
    for (const prompt of daraja.emulator.control.promptsTo(VICTIM)) {
      if (!prompt.open) continue;
      const [attempt] = await handle.db
        .select({ reference: paymentAttempts.reference })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.phone, VICTIM), eq(paymentAttempts.state, "open")));
      if (attempt?.reference) daraja.emulator.control.answer(attempt.reference, "cancel");
    }
    await until(async () => {
      const open = await handle.db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.phone, VICTIM),
            inArray(paymentAttempts.state, ["open", "replaced"]),
          ),
        );
      return open.length === 0;
    });
  };

  test("10 checkouts naming the victim, then 'Send the prompt again' six times each: at most 3 prompts in the hour", async () => {
    const on = (i: number) => shops[i % shops.length]!;
    // All at once, as a script would: the number's lock decides, not the order they arrive in.
    const placed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        checkout(on(i), `07110000${String(i).padStart(2, "0")}`, randomUUID()),
      ),
    );
    const pages = placed.flatMap((p) => ("page" in p ? [p] : []));
    const refused = placed.flatMap((p) => ("status" in p ? [p] : []));
    // One prompt is on the victim's phone; every other checkout was told why, in a sentence.
    expect(pages).toHaveLength(1);
    expect(daraja.emulator.control.promptsTo(VICTIM)).toHaveLength(1);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect([en.promptOpenOnNumber, en.tooManyCheckoutsForShopper]).toContain(r.message);
    }
    // The payer's number counts in the per-phone checkout limit: at most 5 orders name it.
    const named = await handle.db
      .select({ id: orders.id, status: orders.status, stock: orders.stockState })
      .from(orders)
      .where(eq(orders.customerEmail, "mgeni@example.co.ke"));
    expect(named.length).toBeLessThanOrEqual(5);
    // The orders refused a prompt hold nothing.
    expect(named.filter((o) => o.stock === "held")).toHaveLength(1);

    const answers: { status: number; message: string }[] = [];
    for (let round = 0; round < 6; round++) {
      await victimCancels();
      answers.push(
        ...(await Promise.all(
          pages.map(async (p, i) => sendAgain(on(i + round), p.page, await cookieOf(p.cartId))),
        )),
      );
      // The refused checkouts tried again too.
      for (let i = 0; i < 10; i++) {
        const again = await checkout(on(i), `07110000${String(i).padStart(2, "0")}`, randomUUID());
        if ("page" in again) pages.push(again);
      }
    }
    const rang = daraja.emulator.control.promptsTo(VICTIM);
    expect(rang.length).toBeLessThanOrEqual(PROMPTS_PER_NUMBER);
    expect(rang).toHaveLength(PROMPTS_PER_NUMBER);
    // Each prompt says who asks and for how much, within Daraja's limits.
    for (const prompt of rang) {
      expect(prompt).toMatchObject({ amount: 2500, description: "Amani Prints" });
      expect(prompt.accountReference).toMatch(/^[0-9A-F]{8}$/);
    }
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.message).toMatch(
      /^This M-Pesa number has had 3 payment requests in the last hour\. Please try again in \d+ minutes?, or pay another way\.$/,
    );
  });

  test("another browser with the waiting page's link cannot send the prompt again nor change the number; the one that ordered can", async () => {
    const stranger = "254733111222";
    const cartId = randomUUID();
    const response = await apiCheckout(
      routeArgs<never>(
        shops[0]!,
        new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: await cookieOf(cartId) },
          body: JSON.stringify({
            data: {
              items: [{ id: "9801", quantity: 1, size: "M" }],
              checkoutData: form("0733111222"),
              total: 2500,
              paymentMethod: "mpesa-express",
            },
          }),
        }),
        { clientAddress: "10.66.0.2" },
      ),
    );
    expect(response.status).toBe(200);
    const page = String((await response.json()).data.redirectUrl).split("/pay/")[1]!;
    const [prompt] = daraja.emulator.control.promptsTo(stranger);
    expect(prompt).toMatchObject({ open: true, amount: 2500 });
    const [attempt] = await handle.db
      .select({ reference: paymentAttempts.reference })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.phone, stranger));
    daraja.emulator.control.answer(attempt!.reference!, "cancel");
    await until(async () => {
      const [a] = await handle.db
        .select({ state: paymentAttempts.state })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.phone, stranger));
      return a?.state === "failed";
    });
    // No cookie, or another browser's cart: refused in a sentence, nothing sent.
    for (const cookie of [null, await cookieOf(randomUUID())]) {
      for (let i = 0; i < 6; i++) {
        expect(await sendAgain(shops[i % shops.length]!, page, cookie, "0733111222")).toEqual({
          status: 403,
          message: en.payOnlyFromPlacingPhone,
        });
      }
    }
    expect(daraja.emulator.control.promptsTo(stranger)).toHaveLength(1);
    // The browser that ordered: a new prompt for the same order.
    const own = await sendAgain(shops[0]!, page, await cookieOf(cartId), "0733111222");
    expect(own.status).toBe(302);
    expect(daraja.emulator.control.promptsTo(stranger)).toHaveLength(2);
  });
});

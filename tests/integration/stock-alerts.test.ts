import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messages, products, stockAlertNumbers, stockAlerts, user } from "~/db/schema";
import { alertTooMany as TOO_MANY_STOCK_ALERTS } from "~/i18n/en";
import { setStock } from "~/modules/inventory/stock.server";
import { stockAlertSchema } from "~/modules/inventory/stock-alert-form";
import {
  ALERTS_PER_NUMBER_PER_DAY,
  askForStockAlert,
  confirmNumber,
  numberToConfirm,
  sendStockAlerts,
} from "~/modules/inventory/stock-alerts.server";
import { bothDatabases as databases } from "../setup/databases";

const ADMIN = "stock-alerts-admin";
const SHOP = { SHOP_NAME: "Amani Prints", PUBLIC_URL: "https://amani.example" };

describe.each(databases)("'Tell me when it is back', on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let made = 0;

  const newProduct = async (name: string, sizes: string[], stock: Record<string, number>) => {
    made += 1;
    const id = `97${String(made).padStart(2, "0")}`;
    await handle.db
      .insert(products)
      .values({ id, name, description: "d", category: "dresses", price: 2000, sizes });
    for (const [size, quantity] of Object.entries(stock)) {
      await setStock(handle.db, { productId: id, size, quantity, adminId: ADMIN });
    }
    return id;
  };
  const ask = (productId: string, phone: string, size = "", clientAddress?: string) =>
    askForStockAlert(
      handle.db,
      { ...stockAlertSchema.parse({ phone, size }), productId, clientAddress },
      SHOP,
    );
  /** The holder opens the link of the SMS asking to confirm and confirms, as on the page. */
  const confirm = async (phone: string) => {
    const [row] = await handle.db
      .select({ token: stockAlertNumbers.token })
      .from(stockAlertNumbers)
      .where(eq(stockAlertNumbers.phone, phone));
    expect(await confirmNumber(handle.db, row!.token)).toBe(phone);
  };
  /** The SMS that are alerts (not the one asking to confirm). */
  const alertsTo = async (phone: string) =>
    (await smsTo(phone)).filter((m) => !m.body.includes("/stock-alerts/"));
  const smsTo = (phone: string) =>
    handle.db
      .select({ body: messages.body, kind: messages.kind, channel: messages.channel })
      .from(messages)
      .where(eq(messages.recipient, phone));

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(user).values({ id: ADMIN, name: "Owner", email: "owner@example.test" });
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  test("one SMS through the outbox when the product is back, for any size or the size asked", async () => {
    const id = await newProduct("Zawadi Gone Dress", ["S", "M"], { S: 0, M: 0 });
    expect(await ask(id, "0711 000 001")).toEqual({
      ok: true,
      message:
        "We have sent an SMS to 0711 000 001. Open its link to confirm your number, and we will send an SMS when it is back.",
    });
    // Asked twice, kept once; the number is asked to confirm once.
    expect(await ask(id, "+254711000001")).toEqual({
      ok: true,
      message:
        "Confirm 0711 000 001 with the link in the SMS we sent you earlier, and we will send an SMS when it is back.",
    });
    expect(await ask(id, "0711000002", "M")).toMatchObject({ ok: true });
    await confirm("254711000001");
    await confirm("254711000002");
    expect(await ask(id, "0711000001")).toEqual({
      ok: true,
      message: "We will send an SMS to 0711 000 001 when it is back.",
    });
    expect(
      await handle.db.select().from(stockAlerts).where(eq(stockAlerts.productId, id)),
    ).toHaveLength(2);

    // Still sold out: nothing yet.
    expect(await sendStockAlerts(handle.db, SHOP)).toBe(0);
    // S is back: the 'any size' number hears of it; the one waiting for M does not.
    await setStock(handle.db, { productId: id, size: "S", quantity: 2, adminId: ADMIN });
    expect(await sendStockAlerts(handle.db, SHOP)).toBe(1);
    expect(await alertsTo("254711000001")).toEqual([
      {
        kind: "back_in_stock",
        channel: "sms",
        body: `Amani Prints: Zawadi Gone Dress is back in stock. See it: https://amani.example/product/${id}`,
      },
    ]);
    expect(await alertsTo("254711000002")).toEqual([]);
    // M is back: its number hears of it, in its size; nobody hears twice.
    await setStock(handle.db, { productId: id, size: "M", quantity: 1, adminId: ADMIN });
    const [first, second] = await Promise.all([
      sendStockAlerts(handle.db, SHOP),
      sendStockAlerts(handle.db, SHOP),
    ]);
    expect(first! + second!).toBe(1);
    expect((await alertsTo("254711000002")).map((m) => m.body)).toEqual([
      `Amani Prints: Zawadi Gone Dress in size M is back in stock. See it: https://amani.example/product/${id}`,
    ]);
    expect(await sendStockAlerts(handle.db, SHOP)).toBe(0);
    expect(await alertsTo("254711000001")).toHaveLength(1);
  });

  test("a shopper who asked in Kiswahili hears back in Kiswahili", async () => {
    const id = await newProduct("Zawadi Lugha Dress", ["S"], { S: 0 });
    expect(
      await askForStockAlert(
        handle.db,
        {
          ...stockAlertSchema.parse({ phone: "0711000009", size: "S" }),
          productId: id,
          language: "sw",
        },
        SHOP,
      ),
    ).toMatchObject({ ok: true });
    const [asked] = await smsTo("254711000009");
    // Only the link sent confirms.
    expect(await numberToConfirm(handle.db, "x".repeat(32))).toBeNull();
    expect(asked?.body).toMatch(
      /^Amani Prints: uliomba SMS bidhaa ikirudi\. Thibitisha nambari yako: https:\/\/amani\.example\/sw\/stock-alerts\/[\w-]{32} Si wewe\? Puuza SMS hii\.$/,
    );
    await confirm("254711000009");
    await setStock(handle.db, { productId: id, size: "S", quantity: 1, adminId: ADMIN });
    expect(await sendStockAlerts(handle.db, SHOP)).toBe(1);
    expect((await alertsTo("254711000009")).map((m) => m.body)).toEqual([
      `Amani Prints: Zawadi Lugha Dress saizi S inapatikana tena. Tazama: https://amani.example/product/${id}`,
    ]);
  });

  test("refuses what cannot wait: a product in stock, a size it does not come in, an unknown product", async () => {
    const shelf = await newProduct("Zawadi Shelf Dress", ["S", "M"], { S: 0, M: 3 });
    expect(await ask(shelf, "0711000003")).toEqual({
      ok: false,
      status: 409,
      error: "Good news: it is in stock now, so you can add it to your cart.",
    });
    // A size sold out while others are on the shelf may be waited for.
    expect(await ask(shelf, "0711000003", "S")).toMatchObject({ ok: true });
    expect(await ask(shelf, "0711000003", "XXL")).toMatchObject({ ok: false, status: 400 });
    expect(await ask("9999", "0711000003")).toMatchObject({ ok: false, status: 404 });
    expect(stockAlertSchema.safeParse({ phone: "12345", size: "" }).success).toBe(false);
  });

  test("a connection leaves a few numbers in 10 minutes, then is told to wait", async () => {
    const id = await newProduct("Zawadi Busy Dress", [], { "": 0 });
    const address = `192.0.2.${database.name.length}`;
    for (let i = 0; i < 10; i++) {
      expect(await ask(id, `07120000${String(i).padStart(2, "0")}`, "", address)).toMatchObject({
        ok: true,
      });
    }
    expect(await ask(id, "0712000099", "", address)).toEqual({
      ok: false,
      status: 429,
      error: TOO_MANY_STOCK_ALERTS,
    });
  });

  test("a stranger's number left from many addresses gets one SMS, asking to confirm, and no alert", async () => {
    const victim = "0712999001";
    const ids = [
      await newProduct("Zawadi Bait One", ["S", "M"], { S: 0, M: 0 }),
      await newProduct("Zawadi Bait Two", [], { "": 0 }),
    ];
    // Ten addresses, each leaving the number for every product and size, twice.
    for (let a = 0; a < 10; a++) {
      for (const id of ids) {
        for (const size of id === ids[0] ? ["", "S", "M"] : [""]) {
          expect(await ask(id, victim, size, `198.51.100.${a}`)).toMatchObject({ ok: true });
          expect(await ask(id, victim, size, `198.51.100.${a}`)).toMatchObject({ ok: true });
        }
      }
    }
    // One waiting request per product and size, not one per try.
    expect(
      await handle.db.select().from(stockAlerts).where(eq(stockAlerts.phone, "254712999001")),
    ).toHaveLength(4);
    // Restocked twice: nothing goes to a number nobody confirmed.
    for (const quantity of [3, 0, 5]) {
      await setStock(handle.db, { productId: ids[0]!, size: "S", quantity, adminId: ADMIN });
      await setStock(handle.db, { productId: ids[0]!, size: "M", quantity, adminId: ADMIN });
      await setStock(handle.db, { productId: ids[1]!, size: "", quantity, adminId: ADMIN });
      await sendStockAlerts(handle.db, SHOP);
    }
    const sms = await smsTo("254712999001");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(
      /^Amani Prints: you asked for an SMS when a piece is back\. Confirm your number: https:\/\/amani\.example\/stock-alerts\/[\w-]{32} Not you\? Ignore this SMS\.$/,
    );
  });

  test(`a confirmed number gets at most ${ALERTS_PER_NUMBER_PER_DAY} alerts a day; the rest wait`, async () => {
    const phone = "254712999002";
    const ids: string[] = [];
    for (let i = 0; i < ALERTS_PER_NUMBER_PER_DAY + 2; i++) {
      const id = await newProduct(`Zawadi Many ${i}`, [], { "": 0 });
      ids.push(id);
      await ask(id, "0712999002");
    }
    await confirm(phone);
    for (const id of ids) {
      await setStock(handle.db, { productId: id, size: "", quantity: 1, adminId: ADMIN });
    }
    expect(await sendStockAlerts(handle.db, SHOP)).toBe(ALERTS_PER_NUMBER_PER_DAY);
    expect(await sendStockAlerts(handle.db, SHOP)).toBe(0);
    expect(await alertsTo(phone)).toHaveLength(ALERTS_PER_NUMBER_PER_DAY);
    // A day later the rest go.
    await handle.db
      .update(stockAlertNumbers)
      .set({ windowStart: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(stockAlertNumbers.phone, phone));
    expect(await sendStockAlerts(handle.db, SHOP)).toBe(2);
    expect(await alertsTo(phone)).toHaveLength(ALERTS_PER_NUMBER_PER_DAY + 2);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messages, orders, products } from "~/db/schema";
import { moveFulfilment } from "~/flows/fulfil-order.server";
import { placeOrder } from "~/flows/place-order.server";
import { createAdmin } from "~/modules/auth/admins.server";
import { AFRICAS_TALKING } from "~/modules/messages/africas-talking.server";
import { sendDueMessages } from "~/modules/messages/sender.server";
import { SMTP } from "~/modules/messages/smtp.server";
import type { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin/messages";
import type { Services } from "~/services.server";
import { adminSessionCookie } from "../setup/admin-session";
import { bothDatabases as databases } from "../setup/databases";
import { payAt, startPesapalShop } from "../setup/pesapal";
import { routeArgs, testSettings } from "../setup/services";
import { type SmsEmulator, startSmsEmulator } from "../setup/sms-emulator";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp-server";

const ORIGIN = "http://localhost:3000";
const OWNER = { email: "owner@amaniprints.test", password: "kitenge-owner-secret" };
const OWNER_SMS_TO = "+254733000111";

/**
 * The outbox with the shop's real providers: the Africa's Talking client against the emulator of
 * its contract, and the SMTP client against a real SMTP server, both chosen by the shop's own
 * configuration (AT_USERNAME, AT_API_KEY, AT_BASE_URL, SMTP_URL).
 */
describe.each(databases)("messages through the outbox, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let client: PesapalClient;
  let sms: SmsEmulator;
  let smtp: TestSmtpServer;
  let services: Services;
  let adminId: string;
  let n = 0;

  const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("timed out waiting");
  };
  const messagesOf = (orderId: string) =>
    handle.db.select().from(messages).where(eq(messages.orderId, orderId)).orderBy(messages.id);
  const messageById = async (id: number) =>
    (await handle.db.select().from(messages).where(eq(messages.id, id)))[0]!;
  /** One round of the sender over every due message, the backoff's wait skipped. */
  const sendRound = async () => {
    await handle.db.execute(
      sql`update messages set next_attempt_at = now() where state = 'queued'`,
    );
    return sendDueMessages(handle.db, services.messages, 1000);
  };
  /** What the SMS emulator and the SMTP server received about one order. */
  const deliveredFor = (reference: string) => ({
    sms: sms.received.filter((m) => m.message.includes(reference)),
    email: smtp.received.filter((m) => m.mail.subject?.includes(reference)),
  });

  const placeAndPay = async (
    who: { phone?: string; email?: string; language?: "en" | "sw" } = {},
  ) => {
    const phone = who.phone ?? `07${String(20_000_000 + n++)}`;
    const placed = await placeOrder(handle, new PaymentProviders([client]), {
      form: {
        name: "Akinyi Otieno",
        phone,
        email: who.email ?? "akinyi@example.co.ke",
        deliveryMethod: "matatu",
        pickupLocation: "",
        address: "Oginga Odinga St",
        city: "Kisumu",
        notes: "",
      },
      items: [{ productId: "ms1", size: "", quantity: 1 }],
      cartId: null,
      language: who.language,
      publicUrl: ORIGIN,
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
    });
    await payAt(placed.redirectUrl, "complete", { sendIpn: false });
    // The same notification, five times at once.
    await payAt(placed.redirectUrl, "ipn", { times: 5 });
    await until(
      async () =>
        (await handle.db.select().from(orders).where(eq(orders.id, placed.orderId)))[0]?.status ===
        "Completed",
    );
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    return {
      orderId: placed.orderId,
      reference: placed.orderId.slice(0, 8).toUpperCase(),
      shopperSmsTo: `+${order!.customerPhone}`,
      trackingToken: order!.trackingToken,
    };
  };

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(products).values({
      id: "ms1",
      name: "Kito Ankara Tote Bag",
      description: "A roomy tote.",
      category: "bags",
      price: 1800,
    });
    sms = await startSmsEmulator();
    smtp = await startSmtpServer();
    pesapal = await startPesapalShop(handle, {
      settings: testSettings({
        PUBLIC_URL: ORIGIN,
        AT_USERNAME: sms.username,
        AT_API_KEY: sms.apiKey,
        AT_BASE_URL: sms.baseUrl,
        SMTP_URL: smtp.url,
        MAIL_FROM: "Amani Prints <orders@amaniprints.test>",
        // The owner's phone, for the "New paid order" SMS.
        OWNER_PHONE: "0733000111",
      }),
    });
    ({ client, services } = pesapal);
    // The one admin: the owner's "New paid order" email goes to their address.
    adminId = (await createAdmin(services.auth, OWNER)).id;
  });

  afterAll(async () => {
    await pesapal?.close();
    await sms?.close();
    await smtp?.close();
    await handle?.dispose();
  });

  test("a payment confirmed by a notification replayed 5 times concurrently reaches each person once", async () => {
    const paid = await placeAndPay();
    const written = await messagesOf(paid.orderId);
    expect(
      written.map((m) => `${m.audience} ${m.channel} ${m.kind} ${m.recipient}`).sort(),
    ).toEqual(
      [
        "owner email new_paid_order owner@amaniprints.test",
        "owner sms new_paid_order 254733000111",
        "shopper email payment_confirmed akinyi@example.co.ke",
        `shopper sms payment_confirmed ${paid.shopperSmsTo.slice(1)}`,
      ].sort(),
    );

    // The sender runs again and again (every 2 s in a server): each message goes out once.
    await Promise.all([sendRound(), sendRound()]);
    await sendRound();
    const got = deliveredFor(paid.reference);
    expect(got.sms.map((m) => m.to).sort()).toEqual([paid.shopperSmsTo, OWNER_SMS_TO].sort());
    expect(got.email.map((m) => m.envelopeTo.join()).sort()).toEqual([
      "akinyi@example.co.ke",
      "owner@amaniprints.test",
    ]);

    const shopperSms = got.sms.find((m) => m.to === paid.shopperSmsTo)!;
    expect(shopperSms.message).toContain(`${ORIGIN}/orders/${paid.trackingToken}`);
    expect(shopperSms.message.length).toBeLessThanOrEqual(160);
    const receipt = got.email.find((m) => m.envelopeTo[0] === "akinyi@example.co.ke")!.mail;
    expect(receipt.from?.text).toBe('"Amani Prints" <orders@amaniprints.test>');
    expect(receipt.subject).toBe(`Order ${paid.reference}: payment received`);
    expect(receipt.text).toContain("1 x Kito Ankara Tote Bag: KSh 1,800");
    expect(receipt.html).toContain("Follow your order");
    expect(receipt.html).toContain("Delivery (Matatu parcel)");

    // Each row says where it went and under which id the provider knows it.
    const sent = await messagesOf(paid.orderId);
    for (const m of sent) {
      expect(m).toMatchObject({ state: "sent", attempts: 1 });
      const delivery =
        m.channel === "sms"
          ? got.sms.find((s) => s.to === `+${m.recipient}`)!.messageId
          : got.email.find((e) => e.envelopeTo[0] === m.recipient)!.mail.messageId;
      expect([m.provider, m.providerMessageId]).toEqual([
        m.channel === "sms" ? AFRICAS_TALKING : SMTP,
        delivery,
      ]);
    }
  });

  /** An order paid, then marked 'Sent' with a note, and the messages of both delivered. */
  const paidThenSent = async (note: string, language?: "en" | "sw") => {
    const paid = await placeAndPay({ language });
    await sendRound();
    await moveFulfilment(services, { orderId: paid.orderId, to: "sent", note, adminId });
    await sendRound();
    return { paid, got: deliveredFor(paid.reference) };
  };

  test("an order placed in Kiswahili messages its shopper in Kiswahili, and the owner in English", async () => {
    const { paid, got } = await paidThenSent("2NK Sacco, inafika saa kumi", "sw");
    const toShopper = got.sms.filter((m) => m.to === paid.shopperSmsTo).map((m) => m.message);
    expect(toShopper).toEqual([
      `Amani Prints: tumepokea malipo yako ya KSh 1,950 kwa agizo ${paid.reference}. Lifuatilie: ${ORIGIN}/sw/orders/${paid.trackingToken}`,
      `Amani Prints: agizo ${paid.reference} liko njiani. 2NK Sacco, inafika saa kumi. Lifuatilie: ${ORIGIN}/sw/orders/${paid.trackingToken}`,
    ]);
    const receipt = got.email.find((m) => m.mail.subject?.includes("malipo yamepokelewa"))!.mail;
    expect(receipt.subject).toBe(`Agizo ${paid.reference}: malipo yamepokelewa`);
    expect(receipt.text).toContain("Habari Akinyi Otieno,");
    expect(receipt.text).toContain("Usafirishaji (Kifurushi kwa matatu): KSh 150");
    expect(receipt.html).toMatch(/<html[^>]* lang="sw"/);
    expect(receipt.html).toContain("Fuatilia agizo lako");
    expect(receipt.html).toContain(`${ORIGIN}/sw/orders/${paid.trackingToken}`);
    // The owner reads the back office's language.
    expect(got.sms.find((m) => m.to === OWNER_SMS_TO)!.message).toContain(
      `New paid order ${paid.reference}: KSh 1,950, 1 item, Matatu parcel.`,
    );
    const owners = got.email.find((m) => m.envelopeTo[0] === "owner@amaniprints.test")!.mail;
    expect(owners.subject).toBe(`New paid order ${paid.reference}: KSh 1,950`);
    expect(owners.html).toMatch(/<html[^>]* lang="en"/);
    expect(owners.text).not.toContain("/sw/");
  });

  test("'Sent' with a note reaches the shopper by SMS and email with the note", async () => {
    const { paid, got } = await paidThenSent("2NK Sacco, arrives 4 pm");
    const onItsWay = got.sms.filter((m) => m.message.includes("is on its way"));
    expect(onItsWay.map((m) => m.to)).toEqual([paid.shopperSmsTo]);
    expect(onItsWay[0]!.message).toContain("2NK Sacco, arrives 4 pm");
    const mail = got.email.filter((m) => m.mail.subject?.includes("is on its way"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.mail.text).toContain("Note from Amani Prints: 2NK Sacco, arrives 4 pm");
  });

  test("a gateway answering 500 twice and a busy mail server are retried, then delivered once", async () => {
    const paid = await placeAndPay();
    await sendRound();
    await moveFulfilment(services, { orderId: paid.orderId, to: "sent", note: "", adminId });
    const written = await messagesOf(paid.orderId);
    const idOf = (channel: string) =>
      written.find((m) => m.kind === "order_sent" && m.channel === channel)!.id;
    const smsId = idOf("sms");
    const emailId = idOf("email");

    sms.failNext(2);
    smtp.deferNext(1);
    await sendRound();
    expect(await messageById(smsId)).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: "Africa's Talking answered HTTP 500: Internal Server Error.",
    });
    expect(await messageById(emailId)).toMatchObject({ state: "queued", attempts: 1 });
    expect((await messageById(emailId)).lastError).toMatch(
      /^The mail server did not take it \(451\)/,
    );
    // The next try waits: 30 s after the first failure, then 60 s, ...
    const retry = await messageById(smsId);
    expect(retry.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);

    await sendRound();
    expect(await messageById(smsId)).toMatchObject({ state: "queued", attempts: 2 });
    expect(await messageById(emailId)).toMatchObject({ state: "sent", attempts: 2 });
    await sendRound();
    await sendRound();
    const delivered = await messageById(smsId);
    expect(delivered).toMatchObject({ state: "sent", attempts: 3, lastError: null });
    const got = deliveredFor(paid.reference);
    const onItsWay = got.sms.filter((m) => m.message.includes("is on its way"));
    expect(onItsWay.map((m) => m.messageId)).toEqual([delivered.providerMessageId]);
    expect(got.email.filter((m) => m.mail.subject?.includes("is on its way"))).toHaveLength(1);
  });

  test("/admin/messages pages through every message, newest first, and any 'before' is safe", async () => {
    const mark = `paging-${Date.now()}@example.co.ke`;
    await handle.db.insert(messages).values(
      Array.from({ length: 230 }, (_, i) => ({
        kind: "payment_confirmed" as const,
        audience: "shopper" as const,
        channel: "email" as const,
        recipient: mark,
        body: `Message ${i}`,
        dedupeKey: `${mark}-${i}`,
        state: "sent" as const,
      })),
    );
    const cookie = await adminSessionCookie(services, OWNER, "10.8.0.2", ORIGIN);
    type Page = { messages: { id: number; recipient: string }[]; older: number | null };
    const page = async (query: string) =>
      (
        (await messagesLoader(
          routeArgs(
            services,
            new Request(`${ORIGIN}/admin/messages${query}`, { headers: { Cookie: cookie } }),
          ),
        )) as unknown as { data: Page }
      ).data;
    const seen: number[] = [];
    let query = "";
    for (let pages = 0; pages < 20; pages++) {
      const { messages: shown, older } = await page(query);
      seen.push(...shown.filter((m) => m.recipient === mark).map((m) => m.id));
      if (older === null) break;
      query = `?before=${older}`;
    }
    expect(seen).toHaveLength(230);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const first = await page("");
    for (const hostile of ["abc", "-1", "0", "1e308", "99999999999999999999", "1%00"]) {
      expect((await page(`?before=${hostile}`)).messages).toEqual(first.messages);
    }
  });

  test("an invalid number is not retried, shows as failed in /admin/messages, and 'Send again' delivers it", async () => {
    const phone = "0799000111";
    sms.refuse("+254799000111");
    smtp.refuse("nobody@example.co.ke");
    const paid = await placeAndPay({ phone, email: "nobody@example.co.ke" });
    const before = sms.requests();
    await sendRound();
    await sendRound();
    await sendRound();
    const rows = await messagesOf(paid.orderId);
    const refusedSms = rows.find((m) => m.audience === "shopper" && m.channel === "sms")!;
    const refusedEmail = rows.find((m) => m.audience === "shopper" && m.channel === "email")!;
    expect(refusedSms).toMatchObject({
      state: "failed",
      attempts: 1,
      provider: AFRICAS_TALKING,
      lastError: "Africa's Talking refused the number: InvalidPhoneNumber (403).",
    });
    expect(refusedEmail).toMatchObject({ state: "failed", attempts: 1, provider: SMTP });
    expect(refusedEmail.lastError).toMatch(/^The mail server did not take it \(550\)/);
    // One try for the shopper's SMS, one for the owner's: nothing was asked again.
    expect(sms.requests() - before).toBe(2);

    // The owner sees it failed, with the provider's answer, and sends it again.
    const cookie = await adminSessionCookie(services, OWNER, "10.8.0.1", ORIGIN);
    const page = async () => {
      const answer = (await messagesLoader(
        routeArgs(
          services,
          new Request(`${ORIGIN}/admin/messages`, { headers: { Cookie: cookie } }),
        ),
      )) as unknown as { data: { messages: { id: number; state: string; lastError: string }[] } };
      return answer.data.messages;
    };
    expect((await page()).find((m) => m.id === refusedSms.id)).toMatchObject({
      state: "failed",
      lastError: "Africa's Talking refused the number: InvalidPhoneNumber (403).",
    });
    sms.accept("+254799000111");
    const resend = (id: number) =>
      messagesAction(
        routeArgs(
          services,
          new Request(`${ORIGIN}/admin/messages`, {
            method: "POST",
            headers: { Cookie: cookie, Origin: ORIGIN },
            body: new URLSearchParams({ intent: "resend", id: String(id) }),
          }),
        ),
      );
    expect(await resend(refusedSms.id)).toEqual({ ok: true });
    expect((await page()).find((m) => m.id === refusedSms.id)?.state).toBe("queued");
    // Only a failed message can be sent again.
    const twice = (await resend(refusedSms.id)) as unknown as { init: { status: number } };
    expect(twice.init.status).toBe(409);

    await sendRound();
    expect(await messageById(refusedSms.id)).toMatchObject({ state: "sent", attempts: 2 });
    expect(deliveredFor(paid.reference).sms.map((m) => m.to)).toContain("+254799000111");
  });

  test("three senders at once send each message once", async () => {
    await placeAndPay();
    await placeAndPay();
    sms.state.delayMs = 20;
    smtp.state.delayMs = 20;
    const smsBefore = sms.received.length;
    const emailBefore = smtp.received.length;
    try {
      await handle.db.execute(
        sql`update messages set next_attempt_at = now() where state = 'queued'`,
      );
      await Promise.all([1, 2, 3].map(() => sendDueMessages(handle.db, services.messages, 1000)));
    } finally {
      sms.state.delayMs = 0;
      smtp.state.delayMs = 0;
    }
    const smsBodies = sms.received.slice(smsBefore).map((m) => `${m.to} ${m.message}`);
    const emails = smtp.received
      .slice(emailBefore)
      .map((m) => `${m.envelopeTo.join()} ${m.mail.subject}`);
    expect(smsBodies).toHaveLength(4);
    expect(emails).toHaveLength(4);
    expect(new Set(smsBodies).size).toBe(4);
    expect(new Set(emails).size).toBe(4);
    const [{ left }] = (
      await handle.db.execute<{ left: number }>(
        sql`select count(*)::int as left from messages where state in ('queued', 'sending')`,
      )
    ).rows as [{ left: number }];
    expect(left).toBe(0);
  });
});

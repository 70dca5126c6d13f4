import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messages } from "~/db/schema";
import { type DatabasePlace, bothDatabases as databases } from "../setup/databases";
import { type ShopProcess, startShopProcess } from "../setup/shop-process";
import { type SmsEmulator, startSmsEmulator } from "../setup/sms-emulator";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp-server";

/**
 * Shop processes booted as the server boots, sending through the real clients to the SMS
 * emulator and an SMTP server in this test: what reaches them is what a shopper would get.
 */
describe.each(databases)("messages sent by shop processes, on $name", (database) => {
  let sms: SmsEmulator;
  let smtp: TestSmtpServer;
  let batch = 0;
  const places: DatabasePlace[] = [];
  const processes: ShopProcess[] = [];

  beforeAll(async () => {
    sms = await startSmsEmulator();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await sms?.close();
    await smtp?.close();
    for (const place of places) await place.dispose();
  });

  const newPlace = async () => {
    const place = await database.place();
    places.push(place);
    return place;
  };
  const start = (place: DatabasePlace, sender: string) => {
    const shop = startShopProcess({
      ...place.env,
      PUBLIC_URL: "http://localhost:3000",
      AT_USERNAME: sms.username,
      AT_API_KEY: sms.apiKey,
      AT_BASE_URL: sms.baseUrl,
      // Which process sent a message: the sender it names.
      AT_SENDER_ID: sender,
      SMTP_URL: smtp.url,
      MAIL_FROM: `${sender.toLowerCase()}@amaniprints.test`,
    });
    processes.push(shop);
    return shop;
  };

  /** Writes `count` messages, two SMS to each email, as a burst of paid orders would. */
  const queue = async (handle: DatabaseHandle, count: number) => {
    const run = ++batch;
    const bodies = Array.from(
      { length: count },
      (_, i) => `Amani Prints: batch ${run} message ${i}.`,
    );
    await handle.db.insert(messages).values(
      bodies.map((body, i) => {
        const email = i % 3 === 2;
        return {
          kind: "payment_confirmed" as const,
          audience: "shopper" as const,
          channel: email ? ("email" as const) : ("sms" as const),
          recipient: email ? `shopper${i}@example.co.ke` : `2547${String(10_000_000 + i)}`,
          subject: email ? body : "",
          body,
          dedupeKey: `process-test:${run}:${i}`,
        };
      }),
    );
    return bodies;
  };
  /** How many times each body reached the emulator or the SMTP server, and from which sender. */
  const deliveries = (bodies: string[]) => {
    const got = [
      ...sms.received.map((m) => ({ body: m.message, from: m.from ?? "" })),
      ...smtp.received.map((m) => ({ body: m.mail.subject ?? "", from: m.envelopeFrom })),
    ].filter((d) => bodies.includes(d.body));
    const times = new Map(bodies.map((b) => [b, 0]));
    for (const d of got) times.set(d.body, times.get(d.body)! + 1);
    return {
      times: [...times.values()],
      senders: new Set(got.map((d) => d.from.split("@")[0]!.toUpperCase())),
    };
  };
  const until = async (check: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error("timed out waiting");
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const states = async (handle: DatabaseHandle) =>
    (
      await handle.db.execute<{ state: string; n: number }>(
        sql`select state, count(*)::int as n from messages group by state order by state`,
      )
    ).rows.map((r) => `${r.state} ${r.n}`);

  test.skipIf(database.name !== "PostgreSQL")(
    "two processes on one PostgreSQL send each message once",
    async () => {
      const place = await newPlace();
      const handle = await place.open();
      try {
        const a = start(place, "SHOPA");
        const b = start(place, "SHOPB");
        await Promise.all([a.ready(), b.ready()]);
        // Slow enough answers that both senders are at work at once.
        sms.state.delayMs = 50;
        smtp.state.delayMs = 50;
        const bodies = await queue(handle, 60);
        await until(() => deliveries(bodies).times.every((n) => n > 0), 90_000);
        // Two more rounds of both senders: nothing goes out again.
        await new Promise((r) => setTimeout(r, 4500));
        const { times, senders } = deliveries(bodies);
        expect(times.filter((n) => n !== 1)).toEqual([]);
        expect([...senders].sort()).toEqual(["SHOPA", "SHOPB"]);
        expect(await states(handle)).toEqual(["sent 60"]);
        expect(await a.stop()).toEqual({ code: 0, signal: null });
        expect(await b.stop()).toEqual({ code: 0, signal: null });
      } finally {
        sms.state.delayMs = 0;
        smtp.state.delayMs = 0;
        await handle.close();
      }
    },
  );

  test("a process killed with SIGKILL while messages are queued loses none of them", async () => {
    const place = await newPlace();
    let handle = await place.open();
    const bodies = await queue(handle, 20);
    // PGlite belongs to one process at a time.
    if (database.name === "PGlite") await handle.close();

    sms.state.delayMs = 300;
    smtp.state.delayMs = 300;
    const first = start(place, "SHOPA");
    try {
      await first.ready();
      await until(() => deliveries(bodies).times.filter((n) => n > 0).length >= 3, 60_000);
      expect(await first.kill()).toEqual({ code: null, signal: "SIGKILL" });
    } finally {
      sms.state.delayMs = 0;
      smtp.state.delayMs = 0;
    }

    if (database.name === "PGlite") handle = await place.open();
    const left = await states(handle);
    // Some were sent, the rest of the killed sender's batch is still claimed by it, and none
    // is lost: every row is still there.
    expect(left.some((s) => s.startsWith("sending "))).toBe(true);
    expect(left.reduce((sum, s) => sum + Number(s.split(" ")[1]), 0)).toBe(20);
    // Five minutes later a claim without its sender lapses (decision 28); the clock is moved on.
    await handle.db.execute(
      sql`update messages set next_attempt_at = now() where state = 'sending'`,
    );
    if (database.name === "PGlite") await handle.close();

    const second = start(place, "SHOPB");
    await second.ready();
    await until(() => deliveries(bodies).times.every((n) => n > 0), 60_000);
    expect(await second.stop()).toEqual({ code: 0, signal: null });

    if (database.name === "PGlite") handle = await place.open();
    try {
      expect(await states(handle)).toEqual(["sent 20"]);
      // At most the one message in flight when the process died went out twice (the window
      // decision 28 names); every other went out once.
      const { times } = deliveries(bodies);
      expect(times.filter((n) => n === 0 || n > 2)).toEqual([]);
      expect(times.filter((n) => n === 2).length).toBeLessThanOrEqual(1);
    } finally {
      await handle.close();
    }
  });
});

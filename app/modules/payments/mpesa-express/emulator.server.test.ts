import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test, vi } from "vitest";
import { STK_CALLBACK_ACK } from "./callback";
import { darajaPassword, darajaTimestamp } from "./daraja";
import {
  createDarajaEmulator,
  type DarajaEmulatorOptions,
  SANDBOX_CREDENTIALS,
} from "./emulator.server";

const { shortcode: SHORTCODE, passkey: PASSKEY } = SANDBOX_CREDENTIALS;
const BASIC = `Basic ${Buffer.from("key:secret").toString("base64")}`;

type Received = { path: string; body: { Body: { stkCallback: Record<string, unknown> } } };
const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** The emulator under /daraja on an HTTP server, with a callback listener at /cb/... */
async function start(options: Partial<DarajaEmulatorOptions> = {}) {
  const emulator = createDarajaEmulator({
    consumerKey: "key",
    consumerSecret: "secret",
    promptTimeoutMs: 5000,
    ...options,
  });
  const received: Received[] = [];
  const app = express();
  app.post("/cb/{*rest}", express.json(), (req, res) => {
    received.push({ path: req.path, body: req.body });
    res.json(STK_CALLBACK_ACK);
  });
  app.use("/daraja", emulator.router);
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const token = async () => {
    const response = await fetch(`${base}/daraja/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { Authorization: BASIC },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const post = async (path: string, body: unknown, bearer?: string) => {
    const response = await fetch(`${base}/daraja${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${bearer ?? (await token())}`,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const credentials = (date = new Date(), kenyan = true) => {
    const timestamp = kenyan ? darajaTimestamp(date) : utcTimestamp(date);
    return {
      BusinessShortCode: SHORTCODE,
      Password: darajaPassword(SHORTCODE, PASSKEY, timestamp),
      Timestamp: timestamp,
    };
  };
  const pushBody = (fields: Record<string, unknown> = {}) => ({
    ...credentials(),
    TransactionType: "CustomerPayBillOnline",
    Amount: 1450,
    PartyA: "254712345678",
    PartyB: SHORTCODE,
    PhoneNumber: "254712345678",
    CallBackURL: `${base}/cb/order-1`,
    AccountReference: "ORD-7F3K2Q9X",
    TransactionDesc: "Order",
    ...fields,
  });
  const push = (fields: Record<string, unknown> = {}) =>
    post("/mpesa/stkpush/v1/processrequest", pushBody(fields));
  const query = (id: string, fields: Record<string, unknown> = {}) =>
    post("/mpesa/stkpushquery/v1/query", { ...credentials(), CheckoutRequestID: id, ...fields });
  const phone = (id: string, form: Record<string, string>) =>
    fetch(`${base}/daraja/phone/${encodeURIComponent(id)}`, {
      method: "POST",
      body: new URLSearchParams(form),
      redirect: "manual",
    });
  return {
    emulator,
    control: emulator.control,
    base,
    received,
    token,
    post,
    push,
    pushBody,
    query,
    phone,
  };
}

/** YYYYMMDDHHmmss in UTC, as some third-party clients send it. */
const utcTimestamp = (date: Date) => date.toISOString().replace(/\D/g, "").slice(0, 14);

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 1500, interval: 10 });

describe("Daraja emulator: what third-party clients send", () => {
  test("numbers as JSON numbers, a UTC timestamp, a long TransactionDesc, a padded TransactionType", async () => {
    const daraja = await start();
    const timestamp = utcTimestamp(new Date());
    const accepted = await daraja.post("/mpesa/stkpush/v1/processrequest", {
      BusinessShortCode: 174379,
      Password: darajaPassword(SHORTCODE, PASSKEY, timestamp),
      Timestamp: timestamp,
      TransactionType: "CustomerPayBillOnline  ",
      Amount: "1450",
      PartyA: 254712345678,
      PartyB: 174379,
      PhoneNumber: 254712345678,
      CallBackURL: `${daraja.base}/cb/order-1`,
      AccountReference: "Test",
      TransactionDesc: "Payment for the order of three kitenge dresses and a shuka",
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({
      MerchantRequestID: expect.stringMatching(/^\d+-\d+-1$/),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d{14}[0-9a-f]{32}$/),
      ResponseCode: "0",
      ResponseDescription: "Success. Request accepted for processing",
      CustomerMessage: "Success. Request accepted for processing",
    });
    const id = accepted.json.CheckoutRequestID as string;
    expect(daraja.control.prompt(id)).toEqual({
      amount: 1450,
      phone: "254712345678",
      accountReference: "Test",
      // Kept as sent: third-party clients send longer ones than the contract allows.
      description: "Payment for the order of three kitenge dresses and a shuka",
      open: true,
      resultCode: null,
    });
    // Buy goods, and the query with the shortcode as a number too.
    const till = await daraja.push({
      TransactionType: "CustomerBuyGoodsOnline",
      PartyA: "254110345678",
      PhoneNumber: "254110345678",
      PartyB: 5123789,
    });
    expect(till.status).toBe(200);
    const pending = await daraja.query(id, { BusinessShortCode: 174379 });
    expect(pending.status).toBe(500);
  });

  test("a new token before every call is never throttled, and every one of them works", async () => {
    const daraja = await start();
    const tokens = await Promise.all(Array.from({ length: 30 }, () => daraja.token()));
    expect(new Set(tokens).size).toBe(30);
    for (const token of tokens.slice(-3)) {
      const answer = await daraja.post(
        "/mpesa/stkpushquery/v1/query",
        { CheckoutRequestID: "x" },
        token,
      );
      expect(answer.json.errorCode).not.toBe("404.001.03");
    }
  });

  test("a token answer has Daraja's shape, and lives 3599 s", async () => {
    let clock = Date.now();
    const daraja = await start({ now: () => new Date(clock) });
    const response = await fetch(
      `${daraja.base}/daraja/oauth/v1/generate?grant_type=client_credentials`,
      { headers: { Authorization: BASIC } },
    );
    const answer = (await response.json()) as Record<string, string>;
    expect(Object.keys(answer)).toEqual(["access_token", "expires_in"]);
    expect(answer.expires_in).toBe("3599");
    expect(answer.access_token!.length).toBeGreaterThanOrEqual(20);
    clock += 3598_000;
    const pushed = await daraja.post(
      "/mpesa/stkpush/v1/processrequest",
      daraja.pushBody({ ...timed(new Date(clock)) }),
      answer.access_token,
    );
    expect(pushed.status).toBe(200);
    clock += 2000;
    const late = await daraja.post(
      "/mpesa/stkpushquery/v1/query",
      { ...timed(new Date(clock)), CheckoutRequestID: pushed.json.CheckoutRequestID },
      answer.access_token,
    );
    expect([late.status, late.json.errorCode, late.json.errorMessage]).toEqual([
      404,
      "404.001.03",
      "Invalid Access Token",
    ]);
  });
});

/** The credentials fields for a given moment (Kenyan time). */
function timed(date: Date) {
  const timestamp = darajaTimestamp(date);
  return {
    BusinessShortCode: SHORTCODE,
    Password: darajaPassword(SHORTCODE, PASSKEY, timestamp),
    Timestamp: timestamp,
  };
}

describe("Daraja emulator: what it refuses", () => {
  test("wrong or missing Basic auth, and a wrong grant type", async () => {
    const daraja = await start();
    const generate = `${daraja.base}/daraja/oauth/v1/generate`;
    for (const authorization of [
      undefined,
      `Basic ${Buffer.from("key:wrong").toString("base64")}`,
      "Bearer x",
      "Basic",
    ]) {
      const response = await fetch(`${generate}?grant_type=client_credentials`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        requestId: expect.any(String),
        errorCode: "400.008.01",
        errorMessage: "Invalid Authentication passed",
      });
    }
    const grant = await fetch(`${generate}?grant_type=password`, {
      headers: { Authorization: BASIC },
    });
    expect(((await grant.json()) as { errorCode: string }).errorCode).toBe("400.008.02");
  });

  test("a missing, unknown or malformed bearer token", async () => {
    const daraja = await start();
    const tries: Record<string, string>[] = [
      {},
      { Authorization: "Bearer nope" },
      { Authorization: BASIC },
    ];
    for (const headers of tries) {
      const response = await fetch(`${daraja.base}/daraja/mpesa/stkpush/v1/processrequest`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(daraja.pushBody()),
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        errorCode: "404.001.03",
        errorMessage: "Invalid Access Token",
      });
    }
    expect(daraja.control.size()).toBe(0);
  });

  test("a wrong password, or a shortcode it does not know, as Daraja answers them", async () => {
    const daraja = await start();
    for (const fields of [
      { Password: darajaPassword(SHORTCODE, "wrong-passkey", darajaTimestamp(new Date())) },
      // The right password for another moment than the Timestamp sent.
      {
        Password: darajaPassword(
          SHORTCODE,
          PASSKEY,
          darajaTimestamp(new Date(Date.now() - 60_000)),
        ),
      },
      {
        BusinessShortCode: "600000",
        Password: darajaPassword("600000", PASSKEY, darajaTimestamp(new Date())),
      },
    ]) {
      const answer = await daraja.push(fields);
      expect([answer.status, answer.json.errorCode, answer.json.errorMessage]).toEqual([
        500,
        "500.001.1001",
        "Wrong credentials",
      ]);
    }
    const query = await daraja.query("ws_CO_x", { Password: "d3Jvbmc=" });
    expect([query.status, query.json.errorMessage]).toEqual([500, "Wrong credentials"]);
  });

  test.each([
    ["BusinessShortCode", { BusinessShortCode: "abc" }],
    ["BusinessShortCode", { BusinessShortCode: undefined }],
    ["Timestamp", { Timestamp: "2026-11-23 14:30" }],
    ["Timestamp", { Timestamp: "20261332143015" }],
    ["Timestamp", { Timestamp: darajaTimestamp(new Date(Date.now() - 2 * 86_400_000)) }],
    ["Password", { Password: "" }],
    ["Password", { Password: 12 }],
    ["TransactionType", { TransactionType: "CustomerPayBill" }],
    ["TransactionType", { TransactionType: undefined }],
    ["Amount", { Amount: 0 }],
    ["Amount", { Amount: 1.5 }],
    ["Amount", { Amount: "12.5" }],
    ["Amount", { Amount: 250_001 }],
    ["Amount", { Amount: "a lot" }],
    ["Amount", { Amount: -5 }],
    ["PartyA", { PartyA: "0712345678" }],
    ["PartyA", { PartyA: 255712345678 }],
    ["PartyB", { PartyB: undefined }],
    ["PartyB", { PartyB: "" }],
    ["PhoneNumber", { PhoneNumber: "2547123456789" }],
    ["PhoneNumber", { PhoneNumber: null }],
    ["CallBackURL", { CallBackURL: "ftp://shop.example.co.ke/cb" }],
    ["CallBackURL", { CallBackURL: "shop.example.co.ke/cb" }],
    ["CallBackURL", { CallBackURL: undefined }],
    ["AccountReference", { AccountReference: "" }],
    ["AccountReference", { AccountReference: "ORD-7F3K2Q9XY" }],
    ["AccountReference", { AccountReference: "A\u0000" }],
    ["TransactionDesc", { TransactionDesc: { text: "x" } }],
  ])("an invalid %s: %j", async (field, fields) => {
    const daraja = await start();
    const answer = await daraja.push(fields);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      requestId: expect.any(String),
      errorCode: "400.002.02",
      errorMessage: `Bad Request - Invalid ${field}`,
    });
    expect(daraja.control.size()).toBe(0);
  });

  test("an unknown path, a wrong method and an unreadable body answer in Daraja's JSON shape", async () => {
    const daraja = await start();
    for (const [method, path] of [
      ["GET", "/daraja/nothing/here"],
      ["GET", "/daraja/mpesa/stkpush/v1/processrequest"],
      ["POST", "/daraja/mpesa/b2c/v1/paymentrequest"],
    ] as const) {
      const response = await fetch(`${daraja.base}${path}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/json/);
      expect(await response.json()).toMatchObject({ errorCode: "404.001.01" });
    }
    const garbled = await daraja.post("/mpesa/stkpush/v1/processrequest", "{not json");
    expect([garbled.status, garbled.json.errorCode]).toEqual([400, "400.002.02"]);
  });

  test("a second push while a prompt is open on the phone is refused as busy", async () => {
    const daraja = await start();
    const first = await daraja.push();
    expect(first.status).toBe(200);
    const second = await daraja.push({ PartyA: 254712345678, PhoneNumber: 254712345678 });
    expect([second.status, second.json.errorCode, second.json.errorMessage]).toEqual([
      500,
      "500.001.1001",
      "Unable to lock subscriber, a transaction is already in process for the current subscriber",
    ]);
    // Another phone is free, and the same phone again once its prompt has ended.
    expect(
      (await daraja.push({ PartyA: "254722000000", PhoneNumber: "254722000000" })).status,
    ).toBe(200);
    daraja.control.answer(first.json.CheckoutRequestID as string, "cancel", { callback: false });
    expect((await daraja.push()).status).toBe(200);
  });
});

describe("Daraja emulator: the query", () => {
  test("unknown id, still open, and final in the contract's shapes", async () => {
    const daraja = await start();
    const unknown = await daraja.query("ws_CO_unknown");
    expect([unknown.status, unknown.json.errorCode, unknown.json.errorMessage]).toEqual([
      400,
      "400.002.02",
      "Bad Request - Invalid CheckoutRequestID",
    ]);
    const pushed = await daraja.push();
    const id = pushed.json.CheckoutRequestID as string;
    const open = await daraja.query(id);
    expect(open).toEqual({
      status: 500,
      json: {
        requestId: expect.any(String),
        errorCode: "500.001.1001",
        errorMessage: "The transaction is being processed",
      },
    });
    daraja.control.answer(id, 2001, { callback: false });
    expect(await daraja.query(id)).toEqual({
      status: 200,
      json: {
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successsfully",
        MerchantRequestID: pushed.json.MerchantRequestID,
        CheckoutRequestID: id,
        ResultCode: "2001",
        ResultDesc: "The initiator information is invalid.",
      },
    });
  });

  test("a prompt is read only with the credentials of the shortcode that pushed it", async () => {
    const daraja = await start({
      credentials: [SANDBOX_CREDENTIALS, { shortcode: "600111", passkey: "other-passkey" }],
    });
    const id = (await daraja.push()).json.CheckoutRequestID as string;
    const timestamp = darajaTimestamp(new Date());
    const other = await daraja.query(id, {
      BusinessShortCode: "600111",
      Password: darajaPassword("600111", "other-passkey", timestamp),
      Timestamp: timestamp,
    });
    expect([other.status, other.json.errorMessage]).toEqual([
      400,
      "Bad Request - Invalid CheckoutRequestID",
    ]);
    // Its own passkey with the other shortcode is no credential at all.
    const mixed = await daraja.query(id, {
      BusinessShortCode: "600111",
      Password: darajaPassword("600111", PASSKEY, timestamp),
      Timestamp: timestamp,
    });
    expect(mixed.json.errorMessage).toBe("Wrong credentials");
    expect((await daraja.query(id)).status).toBe(500);
  });
});

describe("Daraja emulator: the phone", () => {
  test("the form answers the prompt it names and redirects to a local path only", async () => {
    const daraja = await start();
    const outcomes: [string, number][] = [
      ["pay", 0],
      ["cancel", 1032],
      ["timeout", 1037],
      ["1", 1],
      ["2001", 2001],
      ["1001", 1001],
      ["1019", 1019],
      ["1025", 1025],
      ["9999", 9999],
    ];
    for (const [index, [answer, code]] of outcomes.entries()) {
      const phone = `25471100000${index}`;
      const id = (await daraja.push({ PartyA: phone, PhoneNumber: phone })).json
        .CheckoutRequestID as string;
      const back = index % 2 ? `/checkout/pending?order=${index}` : "//evil.example/steal";
      const response = await daraja.phone(id, { answer, back });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(index % 2 ? back : "/");
      expect(daraja.control.prompt(id)).toMatchObject({ open: false, resultCode: code });
    }
    await waitFor(() => expect(daraja.received).toHaveLength(outcomes.length));
  });

  test("an unknown id, an ended prompt, a foreign redirect or an odd answer", async () => {
    const daraja = await start();
    const id = (await daraja.push()).json.CheckoutRequestID as string;
    for (const back of [
      "https://evil.example/",
      "/\\evil.example",
      "evil",
      "/ok\r\nSet-Cookie: x=1",
    ]) {
      const phone = `2547220000${back.length.toString().padStart(2, "0")}`;
      const other = (await daraja.push({ PartyA: phone, PhoneNumber: phone })).json
        .CheckoutRequestID as string;
      const response = await daraja.phone(other, { answer: "cancel", back });
      expect(response.headers.get("location")).toBe("/");
    }
    for (const answer of ["4242", "toString", "__proto__", "", "0001"]) {
      const odd = await daraja.phone(id, { answer, back: "/" });
      expect(odd.status).toBe(400);
    }
    expect(daraja.control.prompt(id)?.open).toBe(true);

    // Another last digit, never the same one (a hex id ends in 0 one time in sixteen).
    const unknownId = `${id.slice(0, -1)}${id.endsWith("0") ? "1" : "0"}`;
    const unknown = await daraja.phone(unknownId, { answer: "pay", back: "/" });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/html/);
    expect(await unknown.text()).toMatch(/<p>This M-Pesa prompt is not open any more\.<\/p>/);
    expect(daraja.control.prompt(id)?.open).toBe(true);

    expect((await daraja.phone(id, { answer: "pay", back: "/done" })).status).toBe(303);
    const again = await daraja.phone(id, { answer: "cancel", back: "/" });
    expect(again.status).toBe(404);
    expect(daraja.control.prompt(id)?.resultCode).toBe(0);
    // Nothing lists prompts.
    expect((await fetch(`${daraja.base}/daraja/phone/`)).status).toBe(404);
    expect((await fetch(`${daraja.base}/daraja/phone/${id}`)).status).toBe(404);
  });

  test("the phone router alone passes other requests on, so the shop can mount it anywhere", async () => {
    const emulator = createDarajaEmulator({ consumerKey: "key", consumerSecret: "secret" });
    const app = express();
    app.use(emulator.phone);
    app.get("/shop", (_req, res) => res.send("shop"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    servers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await (await fetch(`${base}/shop`)).text()).toBe("shop");
  });
});

describe("Daraja emulator: callbacks and time", () => {
  test("an unanswered prompt times out with 1037 and its callback, without metadata", async () => {
    const daraja = await start({ promptTimeoutMs: 200 });
    const pushed = await daraja.push();
    const id = pushed.json.CheckoutRequestID as string;
    await waitFor(() => expect(daraja.received).toHaveLength(1));
    expect(daraja.received[0]).toEqual({
      path: "/cb/order-1",
      body: {
        Body: {
          stkCallback: {
            MerchantRequestID: pushed.json.MerchantRequestID,
            CheckoutRequestID: id,
            ResultCode: 1037,
            ResultDesc: "DS timeout user cannot be reached",
          },
        },
      },
    });
    expect(daraja.control.prompt(id)).toMatchObject({ open: false, resultCode: 1037 });
    expect((await daraja.query(id)).json.ResultCode).toBe("1037");
    expect(daraja.control.answer(id, "pay")).toBe(false);
    await waitFor(() => expect(daraja.control.callbacksSent(id)).toBe(1));
  });

  test("the payer's number in a paid callback: masked as Safaricom now sends it, or hashed, or whole", async () => {
    const phoneIn = (body: Received["body"]) =>
      (
        body.Body.stkCallback.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] }
      ).Item.find((i) => i.Name === "PhoneNumber")?.Value;
    const daraja = await start();
    for (const [form, expected] of [
      [undefined, "2547****5678"],
      ["hashed", expect.stringMatching(/^[0-9a-f]{64}$/)],
      ["number", 254712345678],
    ] as const) {
      const id = (await daraja.push({ PartyA: "254712345678", PhoneNumber: "254712345678" })).json
        .CheckoutRequestID as string;
      daraja.control.answer(id, "pay", form ? { callbackPhone: form } : {});
      await waitFor(() => expect(daraja.control.callbacksSent(id)).toBe(1));
      expect(phoneIn(daraja.received.at(-1)!.body)).toEqual(expected);
    }
    const whole = await start({ callbackPhone: "number" });
    const id = (await whole.push({ PartyA: "254712345678", PhoneNumber: "254712345678" })).json
      .CheckoutRequestID as string;
    whole.control.answer(id, "pay");
    await waitFor(() => expect(whole.received).toHaveLength(1));
    expect(phoneIn(whole.received[0]!.body)).toBe(254712345678);
  });

  test("duplicates, a wrong amount, no callback at all, and replays", async () => {
    const daraja = await start();
    const paid = (await daraja.push()).json.CheckoutRequestID as string;
    expect(daraja.control.answer(paid, "pay", { duplicateCallbacks: 2, callbackAmount: 1 })).toBe(
      true,
    );
    await waitFor(() => expect(daraja.received).toHaveLength(3));
    const bodies = daraja.received.map((r) => JSON.stringify(r.body));
    expect(new Set(bodies).size).toBe(1);
    const items = (
      daraja.received[0]!.body.Body.stkCallback.CallbackMetadata as {
        Item: { Name: string; Value?: unknown }[];
      }
    ).Item;
    expect(items.find((i) => i.Name === "Amount")?.Value).toBe(1);
    await waitFor(() => expect(daraja.control.callbacksSent(paid)).toBe(3));

    // A replay is the same callback, receipt included; a forged body goes to the same URL.
    await daraja.control.sendCallback(paid);
    expect(JSON.stringify(daraja.received[3]!.body)).toBe(bodies[0]);
    await daraja.control.sendCallback(paid, { Body: { stkCallback: { forged: true } } });
    expect(daraja.received[4]!.body).toEqual({ Body: { stkCallback: { forged: true } } });
    expect(daraja.control.callbacksSent(paid)).toBe(5);

    const silent = (await daraja.push({ PartyA: "254722000001", PhoneNumber: "254722000001" })).json
      .CheckoutRequestID as string;
    await expect(daraja.control.sendCallback(silent)).rejects.toThrow(/still open/);
    expect(daraja.control.answer(silent, "pay", { callback: false })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(daraja.control.callbacksSent(silent)).toBe(0);
    expect((await daraja.query(silent)).json.ResultCode).toBe("0");

    expect(daraja.control.answer("ws_CO_unknown", "pay")).toBe(false);
    expect(daraja.control.prompt("ws_CO_unknown")).toBeNull();
    expect(daraja.control.callbacksSent("ws_CO_unknown")).toBe(0);
    await expect(daraja.control.sendCallback("ws_CO_unknown")).rejects.toThrow(/No M-Pesa prompt/);
  });

  test("a callback is sent after callbackDelayMs; a failed delivery goes to onCallbackError", async () => {
    const errors: unknown[] = [];
    const daraja = await start({ callbackDelayMs: 150, onCallbackError: (e) => errors.push(e) });
    const id = (await daraja.push()).json.CheckoutRequestID as string;
    const answered = Date.now();
    daraja.control.answer(id, "cancel");
    await waitFor(() => expect(daraja.received).toHaveLength(1));
    expect(Date.now() - answered).toBeGreaterThanOrEqual(140);

    const refusing = await start({
      onCallbackError: (e) => errors.push(e),
      fetch: async () => new Response("no", { status: 503 }),
    });
    const other = (await refusing.push()).json.CheckoutRequestID as string;
    refusing.control.answer(other, "pay");
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(String(errors[0])).toMatch(/answered 503/);
    await expect(refusing.control.sendCallback(other)).rejects.toThrow(/answered 503/);
  });

  test("state stays bounded: at most maxPrompts, none older than an hour", async () => {
    let clock = Date.now();
    const daraja = await start({ maxPrompts: 3, now: () => new Date(clock) });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const phone = `25471200000${i}`;
      const answer = await daraja.push({
        ...timed(new Date(clock)),
        PartyA: phone,
        PhoneNumber: phone,
      });
      ids.push(answer.json.CheckoutRequestID as string);
    }
    expect(daraja.control.size()).toBe(3);
    expect(daraja.control.prompt(ids[0]!)).toBeNull();
    expect(daraja.control.prompt(ids[1]!)).toBeNull();
    expect(daraja.control.prompt(ids[4]!)?.open).toBe(true);
    // A dropped prompt no longer holds its phone.
    expect(
      (
        await daraja.push({
          ...timed(new Date(clock)),
          PartyA: "254712000000",
          PhoneNumber: "254712000000",
        })
      ).status,
    ).toBe(200);

    clock += 61 * 60_000;
    await daraja.push({
      ...timed(new Date(clock)),
      PartyA: "254799000000",
      PhoneNumber: "254799000000",
    });
    expect(daraja.control.size()).toBe(1);
  });
});

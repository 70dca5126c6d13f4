import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { PaymentError } from "../provider";
import { readStkCallback, STK_CALLBACK_ACK } from "./callback";
import { DARAJA_BASE_URLS, DarajaClient, type DarajaOptions, MPESA_EXPRESS } from "./client.server";
import { createDarajaEmulator } from "./emulator.server";
import {
  errorAnswer,
  invalidAccessToken,
  invalidAuthentication,
  invalidPhoneNumber,
  pushAccepted,
  pushBusy,
  queryCancelled,
  queryPaid,
  queryStillProcessing,
  tokenAnswer,
  wrongCredentials,
} from "./fixtures/responses";

const SHORTCODE = "174379";
const PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
const SECRET = "s3cr3t-consumer-secret";
const TOKEN_PATH = "/oauth/v1/generate";
const PUSH_PATH = "/mpesa/stkpush/v1/processrequest";
const QUERY_PATH = "/mpesa/stkpushquery/v1/query";

type Call = { method: string; url: string; headers: Record<string, string>; body: unknown };
type Answer = { status?: number; body: unknown };

/** A fake Daraja: each path answers from a queue of fixtures (the last repeats). */
function fakeDaraja(answers: Record<string, Answer[]>) {
  const calls: Call[] = [];
  let tokens = 0;
  const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const path = new URL(url).pathname;
    calls.push({
      method: init?.method ?? "GET",
      url,
      headers: init?.headers as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const queue = answers[path];
    const answer: Answer =
      (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ??
      (path === TOKEN_PATH
        ? { body: tokenAnswer(`token-${++tokens}`) }
        : { status: 404, body: errorAnswer("404.001.01", "Resource not found") });
    return new Response(
      typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body),
      { status: answer.status ?? 200 },
    );
  });
  const paths = () => calls.map((c) => new URL(c.url).pathname);
  return { calls, paths, fetchImpl: fetchImpl as unknown as typeof fetch };
}

const client = (fetchImpl: typeof fetch, options: Partial<DarajaOptions> = {}) =>
  new DarajaClient({
    baseUrl: `${DARAJA_BASE_URLS.sandbox}/`,
    consumerKey: "key",
    consumerSecret: SECRET,
    shortcode: SHORTCODE,
    passkey: PASSKEY,
    type: "paybill",
    fetch: fetchImpl,
    ...options,
  });

const push = {
  amount: 1450,
  phone: "0712 345 678",
  accountReference: "ORD-7F3K2Q9X-2",
  description: "Amani Prints order",
  callbackUrl: "https://shop.example.co.ke/api/mpesa-express/callback/tok3n",
};

/** The error a promise rejects with, for checking its code and message together. */
async function failure(promise: Promise<unknown>): Promise<PaymentError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a PaymentError");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentError);
  const { message } = error as PaymentError;
  expect(message).not.toContain(SECRET);
  expect(message).not.toContain(PASSKEY);
  expect(message).toMatch(/^[A-Z].*\.$/);
  return error as PaymentError;
}

describe("Daraja client against the contract's answers", () => {
  test("names itself and knows Safaricom's base URLs", () => {
    expect(MPESA_EXPRESS).toBe("mpesa-express");
    expect(DARAJA_BASE_URLS).toEqual({
      sandbox: "https://sandbox.safaricom.co.ke",
      live: "https://api.safaricom.co.ke",
    });
  });

  test("a paybill push sends the contract's body, every value a string but Amount", async () => {
    const daraja = fakeDaraja({ [PUSH_PATH]: [{ body: pushAccepted }] });
    const now = () => new Date("2026-11-23T11:30:15Z");
    const answer = await client(daraja.fetchImpl, { now }).stkPush(push);
    expect(answer).toEqual({
      merchantRequestId: "29115-34620561-1",
      checkoutRequestId: "ws_CO_191220191020363925",
      customerMessage: "Success. Request accepted for processing",
    });
    expect(daraja.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials",
      "POST https://sandbox.safaricom.co.ke/mpesa/stkpush/v1/processrequest",
    ]);
    const [token, sent] = daraja.calls as [Call, Call];
    expect(token.headers.Authorization).toBe(
      `Basic ${Buffer.from(`key:${SECRET}`).toString("base64")}`,
    );
    expect(token.body).toBeUndefined();
    expect(sent.headers).toMatchObject({
      Authorization: "Bearer token-1",
      "Content-Type": "application/json",
    });
    expect(sent.body).toStrictEqual({
      BusinessShortCode: "174379",
      Password: Buffer.from(`174379${PASSKEY}20261123143015`).toString("base64"),
      Timestamp: "20261123143015",
      TransactionType: "CustomerPayBillOnline",
      Amount: 1450,
      PartyA: "254712345678",
      PartyB: "174379",
      PhoneNumber: "254712345678",
      CallBackURL: push.callbackUrl,
      AccountReference: "ORD-7F3K2Q9X",
      TransactionDesc: "Amani Prints ",
    });
  });

  test("a till push buys goods, and pays the till number from the store number", async () => {
    const daraja = fakeDaraja({ [PUSH_PATH]: [{ body: pushAccepted }] });
    await client(daraja.fetchImpl, {
      shortcode: "5123456",
      type: "till",
      tillNumber: "5123789",
      now: () => new Date("2026-11-23T22:00:00Z"),
    }).stkPush({
      ...push,
      phone: "+254 110 345 678",
      accountReference: "A1",
      description: "Order",
    });
    expect(daraja.calls[1]!.body).toStrictEqual({
      BusinessShortCode: "5123456",
      Password: Buffer.from(`5123456${PASSKEY}20261124010000`).toString("base64"),
      Timestamp: "20261124010000",
      TransactionType: "CustomerBuyGoodsOnline",
      Amount: 1450,
      PartyA: "254110345678",
      PartyB: "5123789",
      PhoneNumber: "254110345678",
      CallBackURL: push.callbackUrl,
      AccountReference: "A1",
      TransactionDesc: "Order",
    });
    expect(() => client(daraja.fetchImpl, { type: "till" })).toThrow(/till number/);
  });

  test("refuses, before calling Daraja, an amount it would have to round and a foreign phone", async () => {
    const daraja = fakeDaraja({ [PUSH_PATH]: [{ body: pushAccepted }] });
    const mpesa = client(daraja.fetchImpl);
    for (const amount of [1450.5, 0, -10, 250_001, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = await failure(mpesa.stkPush({ ...push, amount }));
      expect(error.code).toBe("mpesa_refused");
    }
    for (const phone of ["+255712345678", "0812345678", "call me"]) {
      expect((await failure(mpesa.stkPush({ ...push, phone }))).code).toBe("mpesa_refused");
    }
    expect((await failure(mpesa.stkPush({ ...push, accountReference: " " }))).code).toBe(
      "mpesa_refused",
    );
    expect(daraja.calls).toHaveLength(0);
    await mpesa.stkPush({ ...push, amount: 250_000 });
    await mpesa.stkPush({ ...push, amount: 1 });
  });

  test("caches the token, shares one request among concurrent calls, renews it 60 s early", async () => {
    let clock = Date.parse("2026-11-23T08:00:00Z");
    const daraja = fakeDaraja({
      [QUERY_PATH]: [{ body: queryPaid }],
      [PUSH_PATH]: [{ body: pushAccepted }],
    });
    const mpesa = client(daraja.fetchImpl, { now: () => new Date(clock) });
    await Promise.all([mpesa.stkQuery("ws_CO_1"), mpesa.stkQuery("ws_CO_2"), mpesa.stkPush(push)]);
    const tokenCalls = () => daraja.paths().filter((p) => p === TOKEN_PATH).length;
    expect(tokenCalls()).toBe(1);
    clock += (3599 - 61) * 1000;
    await mpesa.stkQuery("ws_CO_1");
    expect(tokenCalls()).toBe(1);
    clock += 2000; // now inside the last minute of the token's 3599 s
    await mpesa.stkQuery("ws_CO_1");
    expect(tokenCalls()).toBe(2);
    const bearers = daraja.calls
      .filter((c) => c.method === "POST")
      .map((c) => c.headers.Authorization);
    expect(bearers).toEqual([
      "Bearer token-1",
      "Bearer token-1",
      "Bearer token-1",
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  test("a token Daraja no longer accepts is replaced once, then the call is made again", async () => {
    for (const refusal of [
      { status: 404, body: invalidAccessToken },
      { status: 401, body: "" },
    ]) {
      const daraja = fakeDaraja({ [QUERY_PATH]: [refusal, { body: queryPaid }] });
      const answer = await client(daraja.fetchImpl).stkQuery("ws_CO_1");
      expect(answer).toEqual({
        final: true,
        resultCode: 0,
        resultDesc: "The service request is processed successfully.",
      });
      expect(daraja.paths()).toEqual([TOKEN_PATH, QUERY_PATH, TOKEN_PATH, QUERY_PATH]);
    }
    // Only once: a token refused again is a refusal, not a loop.
    const daraja = fakeDaraja({ [PUSH_PATH]: [{ status: 404, body: invalidAccessToken }] });
    const error = await failure(client(daraja.fetchImpl).stkPush(push));
    expect(error.code).toBe("mpesa_refused");
    expect(error.message).toContain("Invalid Access Token");
    expect(daraja.paths()).toEqual([TOKEN_PATH, PUSH_PATH, TOKEN_PATH, PUSH_PATH]);
  });

  test("a query of a prompt still open is not final; a final one carries its result code", async () => {
    const daraja = fakeDaraja({
      [QUERY_PATH]: [
        { status: 500, body: queryStillProcessing },
        { body: queryCancelled },
        { body: queryPaid },
      ],
    });
    const mpesa = client(daraja.fetchImpl, { now: () => new Date("2026-11-23T11:30:15Z") });
    expect(await mpesa.stkQuery("ws_CO_191220191020363925")).toEqual({ final: false });
    expect(await mpesa.stkQuery("ws_CO_191220191020363925")).toEqual({
      final: true,
      resultCode: 1032,
      resultDesc: "Request cancelled by user",
    });
    expect(await mpesa.stkQuery("ws_CO_191220191020363925")).toMatchObject({ resultCode: 0 });
    expect(daraja.calls[1]!.body).toStrictEqual({
      BusinessShortCode: "174379",
      Password: Buffer.from(`174379${PASSKEY}20261123143015`).toString("base64"),
      Timestamp: "20261123143015",
      CheckoutRequestID: "ws_CO_191220191020363925",
    });
    expect((await failure(mpesa.stkQuery(""))).code).toBe("mpesa_refused");
  });

  test("a push while a prompt is open on the number is 'busy', however Daraja words it", async () => {
    for (const answer of [
      { status: 500, body: pushBusy },
      { status: 500, body: errorAnswer("500.001.1001", "") },
      { status: 400, body: errorAnswer("400.002.05", "A transaction is already in process") },
    ]) {
      const daraja = fakeDaraja({ [PUSH_PATH]: [answer] });
      const error = await failure(client(daraja.fetchImpl).stkPush(push));
      expect(error.code).toBe("mpesa_busy");
      expect(error.message).toMatch(/already open on this phone number/);
    }
  });

  test("a wrong password (also 500.001.1001) is never taken for busy or for still processing", async () => {
    const daraja = fakeDaraja({
      [PUSH_PATH]: [{ status: 500, body: wrongCredentials }],
      [QUERY_PATH]: [{ status: 500, body: wrongCredentials }],
    });
    const mpesa = client(daraja.fetchImpl);
    const pushed = await failure(mpesa.stkPush(push));
    expect(pushed.code).toBe("mpesa_error");
    expect(pushed.message).toContain("Wrong credentials");
    expect((await failure(mpesa.stkQuery("ws_CO_1"))).code).toBe("mpesa_error");
  });

  test("other 4xx answers are refusals with Daraja's words; 5xx and odd answers are errors", async () => {
    const cases: [Answer, string, RegExp][] = [
      [{ status: 400, body: invalidPhoneNumber }, "mpesa_refused", /Invalid PhoneNumber/],
      [
        { status: 429, body: errorAnswer("429.001.01", "Too many requests") },
        "mpesa_refused",
        /429/,
      ],
      [
        { status: 503, body: errorAnswer("503.001.01", "Service unavailable") },
        "mpesa_error",
        /503/,
      ],
      [{ status: 502, body: "<html>Bad gateway</html>" }, "mpesa_error", /not a JSON object/],
      [{ status: 200, body: "[]" }, "mpesa_error", /not a JSON object/],
      [
        { status: 200, body: { ...pushAccepted, CheckoutRequestID: "" } },
        "mpesa_error",
        /named no/,
      ],
      [
        {
          status: 200,
          body: { ...pushAccepted, ResponseCode: "1", ResponseDescription: "Rejected" },
        },
        "mpesa_refused",
        /Rejected/,
      ],
      // Daraja's words never carry a secret into the shop's logs, even if it echoed one.
      [
        { status: 400, body: errorAnswer("400.002.02", `Bad ${PASSKEY} ${SECRET}`) },
        "mpesa_refused",
        /\[hidden\]/,
      ],
    ];
    for (const [answer, code, message] of cases) {
      const daraja = fakeDaraja({ [PUSH_PATH]: [answer] });
      const error = await failure(client(daraja.fetchImpl).stkPush(push));
      expect([error.code, error.message]).toEqual([code, expect.stringMatching(message)]);
    }
  });

  test("a refused consumer key and secret, and a token answer without a token", async () => {
    const refused = fakeDaraja({ [TOKEN_PATH]: [{ status: 400, body: invalidAuthentication }] });
    const error = await failure(client(refused.fetchImpl).stkPush(push));
    expect(error.code).toBe("mpesa_refused");
    expect(error.message).toContain("Invalid Authentication passed");
    const empty = fakeDaraja({ [TOKEN_PATH]: [{ status: 200, body: { expires_in: "3599" } }] });
    expect((await failure(client(empty.fetchImpl).stkQuery("ws_CO_1"))).code).toBe("mpesa_error");
  });

  test("an answer too large to be Daraja's is abandoned after 64 KB", async () => {
    let pulled = 0;
    const endless = (async (input: string | URL | Request) => {
      if (String(input).includes(TOKEN_PATH)) return Response.json(tokenAnswer());
      const chunk = new TextEncoder().encode("x".repeat(1024));
      return new Response(
        new ReadableStream({
          pull(controller) {
            pulled += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
        { status: 502 },
      );
    }) as typeof fetch;
    const error = await failure(client(endless).stkQuery("ws_CO_1"));
    expect([error.code, error.message]).toEqual([
      "mpesa_error",
      "M-Pesa answered 502 with more than 64 KB.",
    ]);
    expect(pulled).toBeLessThan(128 * 1024);
  });

  test("an unreachable Daraja and one that does not answer in time are 'unreachable'", async () => {
    const down = vi.fn(async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const error = await failure(client(down).stkPush(push));
    expect([error.code, error.message]).toEqual([
      "mpesa_unreachable",
      "M-Pesa could not be reached: fetch failed.",
    ]);

    const slow = vi.fn(
      (_: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
        ),
    ) as unknown as typeof fetch;
    const started = Date.now();
    const late = await failure(client(slow, { timeoutMs: 50 }).stkQuery("ws_CO_1"));
    expect([late.code, late.message]).toEqual([
      "mpesa_unreachable",
      "M-Pesa did not answer within 0.05 s.",
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("Daraja client against the emulator over HTTP", () => {
  const received: unknown[] = [];
  let base = "";
  let close: () => Promise<void>;
  const emulator = createDarajaEmulator({
    consumerKey: "key",
    consumerSecret: SECRET,
    promptTimeoutMs: 1000,
  });

  beforeAll(async () => {
    const app = express();
    // The shop's callback route, as Safaricom calls it.
    app.post("/callback/:token", express.json(), (req, res) => {
      received.push({ token: req.params.token, body: req.body });
      res.json(STK_CALLBACK_ACK);
    });
    app.use("/daraja", emulator.router);
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  test("push, the shopper pays, the callback arrives in the contract's shape, the query is final", async () => {
    const mpesa = client(fetch, { baseUrl: `${base}/daraja` });
    const pushed = await mpesa.stkPush({ ...push, callbackUrl: `${base}/callback/tok3n` });
    expect(pushed.checkoutRequestId).toMatch(/^ws_CO_\d{14}[0-9a-f]{32}$/);
    expect(pushed.customerMessage).toBe("Success. Request accepted for processing");
    expect(await mpesa.stkQuery(pushed.checkoutRequestId)).toEqual({ final: false });
    expect(emulator.control.prompt(pushed.checkoutRequestId)).toEqual({
      amount: 1450,
      phone: "254712345678",
      accountReference: "ORD-7F3K2Q9X",
      // TransactionDesc within Daraja's 13 characters.
      description: "Amani Prints",
      open: true,
      resultCode: null,
    });

    // A second push to the same phone while the prompt is open.
    expect(
      (await failure(mpesa.stkPush({ ...push, callbackUrl: `${base}/callback/x` }))).code,
    ).toBe("mpesa_busy");

    expect(emulator.control.answer(pushed.checkoutRequestId, "pay")).toBe(true);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 1000, interval: 10 });
    const { token, body } = received[0] as {
      token: string;
      body: { Body: { stkCallback: Record<string, unknown> } };
    };
    expect(token).toBe("tok3n");
    const callback = body.Body.stkCallback;
    expect(Object.keys(callback)).toEqual([
      "MerchantRequestID",
      "CheckoutRequestID",
      "ResultCode",
      "ResultDesc",
      "CallbackMetadata",
    ]);
    expect(callback).toMatchObject({
      MerchantRequestID: pushed.merchantRequestId,
      CheckoutRequestID: pushed.checkoutRequestId,
      ResultCode: 0,
      ResultDesc: "The service request is processed successfully.",
    });
    const items = (callback.CallbackMetadata as { Item: { Name: string; Value?: unknown }[] }).Item;
    expect(items.map((i) => i.Name)).toEqual([
      "Amount",
      "MpesaReceiptNumber",
      "Balance",
      "TransactionDate",
      "PhoneNumber",
    ]);
    expect(items[0]!.Value).toBe(1450);
    expect(items[1]!.Value).toMatch(/^[A-Z][A-Z0-9]{9}$/);
    expect(items[2]).toEqual({ Name: "Balance" });
    expect(String(items[3]!.Value)).toMatch(/^20\d{12}$/);
    expect(typeof items[3]!.Value).toBe("number");
    // Masked, as Safaricom now sends the payer's number.
    expect(items[4]!.Value).toBe("2547****5678");
    expect(readStkCallback(body)).toMatchObject({
      checkoutRequestId: pushed.checkoutRequestId,
      resultCode: 0,
      amount: 1450,
      phone: "2547****5678",
    });

    expect(await mpesa.stkQuery(pushed.checkoutRequestId)).toEqual({
      final: true,
      resultCode: 0,
      resultDesc: "The service request is processed successfully.",
    });
    expect(emulator.control.callbacksSent(pushed.checkoutRequestId)).toBe(1);
    // The phone is free again.
    const again = await mpesa.stkPush({ ...push, callbackUrl: `${base}/callback/again` });
    expect(emulator.control.answer(again.checkoutRequestId, "cancel")).toBe(true);
    expect(await mpesa.stkQuery(again.checkoutRequestId)).toMatchObject({ resultCode: 1032 });
  });

  test("a till client, and a wrong passkey refused as Daraja refuses it", async () => {
    const till = client(fetch, {
      baseUrl: `${base}/daraja`,
      type: "till",
      tillNumber: "5123789",
    });
    const pushed = await till.stkPush({
      ...push,
      phone: "0110345678",
      callbackUrl: `${base}/callback/t`,
    });
    expect(emulator.control.answer(pushed.checkoutRequestId, 1, { callback: false })).toBe(true);
    expect(await till.stkQuery(pushed.checkoutRequestId)).toMatchObject({
      final: true,
      resultCode: 1,
    });

    const wrong = client(fetch, { baseUrl: `${base}/daraja`, passkey: "not-the-passkey" });
    const error = await failure(wrong.stkPush({ ...push, phone: "0722000000" }));
    expect(error.code).toBe("mpesa_error");
    expect(error.message).toContain("Wrong credentials");
    const badKey = client(fetch, { baseUrl: `${base}/daraja`, consumerSecret: "nope" });
    expect((await failure(badKey.stkQuery("ws_CO_1"))).code).toBe("mpesa_refused");
  });
});

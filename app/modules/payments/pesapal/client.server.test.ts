import { describe, expect, test, vi } from "vitest";
import { PaymentError } from "../provider";
import { PesapalClient } from "./client.server";
import {
  completedStatusAnswer,
  errorAnswer,
  invalidStatusAnswer,
  notPaidYetStatusAnswer,
  refundAnswer,
  refundRefusedAnswer,
  registerIpnAnswer,
  submitOrderAnswer,
  tokenAnswer,
} from "./fixtures/responses";

type Call = { method: string; url: string; headers: Record<string, string>; body: unknown };

/** A fake Pesapal: answers each path with a fixture and records what the client sent. */
function fakePesapal(
  answers: Record<string, () => unknown>,
  options: { tokenExpiry?: () => string } = {},
) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const path = new URL(url).pathname.replace(/^\/v3/, "");
    calls.push({
      method: init?.method ?? "GET",
      url,
      headers: init?.headers as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const answer =
      path === "/api/Auth/RequestToken"
        ? tokenAnswer(options.tokenExpiry?.() ?? new Date(Date.now() + 5 * 60_000).toISOString())
        : answers[path]?.();
    return new Response(JSON.stringify(answer ?? errorAnswer), { status: answer ? 200 : 500 });
  });
  return { calls, fetchImpl };
}

const store = () => {
  const map = new Map<string, string>();
  return {
    map,
    get: async (k: string) => map.get(k) ?? null,
    set: async (k: string, v: string) => void map.set(k, v),
  };
};

const client = (fetchImpl: typeof fetch, ipnStore = store(), type: "GET" | "POST" = "GET") =>
  new PesapalClient({
    baseUrl: "https://pay.pesapal.com/v3",
    consumerKey: "key",
    consumerSecret: "secret",
    ipnUrl: "https://shop.example.co.ke/api/pesapal/ipn",
    ipnNotificationType: type,
    ipnStore,
    fetch: fetchImpl,
  });

const request = {
  orderId: "2f9c7e0a-1b2c-4d3e-8f90-123456789abc",
  amount: 2800,
  currency: "KES" as const,
  description: "Amani Prints order of 1 item",
  callbackUrl: "https://shop.example.co.ke/order-success",
  orderReference: "2F9C7E0A",
  token: "attempt-token-0123456789",
  waitingUrl: "https://shop.example.co.ke/pay/attempt-token-0123456789",
  customer: {
    name: "Akinyi Wanjiru Otieno",
    email: "akinyi@example.co.ke",
    phone: "254712345678",
    address: "Kilimani",
    city: "Nairobi",
  },
};

describe("Pesapal client", () => {
  test("submits an order with a bearer token, the IPN id and the billing address", async () => {
    const { calls, fetchImpl } = fakePesapal({
      "/api/URLSetup/RegisterIPN": () => registerIpnAnswer,
      "/api/Transactions/SubmitOrderRequest": () => submitOrderAnswer,
    });
    const answer = await client(fetchImpl).submitOrder(request);
    expect(answer).toEqual({
      reference: submitOrderAnswer.order_tracking_id,
      redirectUrl: submitOrderAnswer.redirect_url,
    });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      "POST /v3/api/Auth/RequestToken",
      "POST /v3/api/URLSetup/RegisterIPN",
      "POST /v3/api/Transactions/SubmitOrderRequest",
    ]);
    expect(calls[0]!.body).toEqual({ consumer_key: "key", consumer_secret: "secret" });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[1]!.body).toEqual({
      url: "https://shop.example.co.ke/api/pesapal/ipn",
      ipn_notification_type: "GET",
    });
    const submit = calls[2]!;
    expect(submit.headers).toMatchObject({
      Accept: "application/json",
      "Content-Type": "application/json",
      Authorization: `Bearer ${tokenAnswer("").token}`,
    });
    expect(submit.body).toEqual({
      id: request.orderId,
      currency: "KES",
      amount: 2800,
      description: "Amani Prints order of 1 item",
      callback_url: "https://shop.example.co.ke/order-success",
      notification_id: registerIpnAnswer.ipn_id,
      billing_address: {
        email_address: "akinyi@example.co.ke",
        phone_number: "254712345678",
        country_code: "KE",
        first_name: "Akinyi",
        last_name: "Wanjiru Otieno",
        line_1: "Kilimani",
        city: "Nairobi",
      },
    });
  });

  test("cuts a long description to Pesapal's 100 characters", async () => {
    const { calls, fetchImpl } = fakePesapal({
      "/api/URLSetup/RegisterIPN": () => registerIpnAnswer,
      "/api/Transactions/SubmitOrderRequest": () => submitOrderAnswer,
    });
    const shopName =
      "The Very Long Named Kitenge, Ankara and Maasai Shuka Emporium of Ngong Road and Kiambu Road, Nairobi";
    await client(fetchImpl).submitOrder({
      ...request,
      description: `${shopName} order of 12 items`,
    });
    const sent = calls.at(-1)!.body as { description: string };
    expect(sent.description).toBe(`${shopName} order of 12 items`.slice(0, 100));
    expect(sent.description).toHaveLength(100);
  });

  test("caches the token and registers the IPN once per base URL, by POST when asked", async () => {
    const ipnStore = store();
    const { calls, fetchImpl } = fakePesapal({
      "/api/URLSetup/RegisterIPN": () => registerIpnAnswer,
      "/api/Transactions/SubmitOrderRequest": () => submitOrderAnswer,
      "/api/Transactions/GetTransactionStatus": () => completedStatusAnswer,
    });
    const pesapal = client(fetchImpl, ipnStore, "POST");
    await pesapal.submitOrder(request);
    await pesapal.submitOrder({ ...request, orderId: "another" });
    await pesapal.getStatus("b945e4af");
    const paths = calls.map((c) => new URL(c.url).pathname);
    expect(paths.filter((p) => p.endsWith("RequestToken"))).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith("RegisterIPN"))).toHaveLength(1);
    expect(calls[1]!.body).toMatchObject({ ipn_notification_type: "POST" });
    // A new client (a restarted server) finds the stored IPN id and does not register again.
    const again = fakePesapal({ "/api/Transactions/SubmitOrderRequest": () => submitOrderAnswer });
    await client(again.fetchImpl, ipnStore, "POST").submitOrder(request);
    expect(again.calls.map((c) => new URL(c.url).pathname.split("/").pop())).toEqual([
      "RequestToken",
      "SubmitOrderRequest",
    ]);
  });

  test("a token refused before its expiry is replaced once, then the call is made again", async () => {
    let refusals = 1;
    const { calls, fetchImpl } = fakePesapal({
      "/api/URLSetup/GetIpnList": () => [],
      "/api/URLSetup/RegisterIPN": () => registerIpnAnswer,
      "/api/Transactions/GetTransactionStatus": () => completedStatusAnswer,
    });
    const refusing = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith("GetTransactionStatus?orderTrackingId=b945e4af") && refusals > 0) {
        refusals -= 1;
        return new Response(JSON.stringify(errorAnswer), { status: 401 });
      }
      return fetchImpl(input, init);
    }) as typeof fetch;
    const status = await client(refusing).getStatus("b945e4af");
    expect(status.state).toBe("COMPLETED");
    expect(refusals).toBe(0);
    const tokens = calls.filter((c) => c.url.endsWith("RequestToken"));
    expect(tokens).toHaveLength(2);
  });

  test("asks for a new token shortly before the old one expires", async () => {
    let expiry = new Date(Date.now() + 10_000).toISOString(); // inside the renewal margin
    const { calls, fetchImpl } = fakePesapal(
      { "/api/Transactions/GetTransactionStatus": () => completedStatusAnswer },
      { tokenExpiry: () => expiry },
    );
    const pesapal = client(fetchImpl);
    await pesapal.getStatus("x");
    expiry = new Date(Date.now() + 5 * 60_000).toISOString();
    await pesapal.getStatus("x");
    await pesapal.getStatus("x");
    expect(calls.filter((c) => c.url.endsWith("RequestToken"))).toHaveLength(2);
  });

  test("maps a completed status, with its null-field error object, onto the shop's status", async () => {
    const { calls, fetchImpl } = fakePesapal({
      "/api/Transactions/GetTransactionStatus": () => completedStatusAnswer,
    });
    const status = await client(fetchImpl).getStatus("b945e4af-80a5-4ec1-8706-e03f8332fb04");
    expect(calls.at(-1)!.url).toBe(
      "https://pay.pesapal.com/v3/api/Transactions/GetTransactionStatus?orderTrackingId=b945e4af-80a5-4ec1-8706-e03f8332fb04",
    );
    expect(status).toMatchObject({
      state: "COMPLETED",
      amount: 100,
      currency: "KES",
      merchantReference: "TEST1515111119",
      paymentMethod: "Visa",
      confirmationCode: "6513008693186320103009",
      description: "COMPLETED",
      // Pesapal's own answer is kept beside the shop's terms, for investigation only.
      providerAnswer: completedStatusAnswer,
    });
    expect(status).not.toHaveProperty("code");
  });

  test("status code 0 is pending, 2 failed, 3 reversed, whatever the description says", async () => {
    for (const [code, state] of [
      [0, "PENDING"],
      [2, "FAILED"],
      [3, "REVERSED"],
    ] as const) {
      const { fetchImpl } = fakePesapal({
        "/api/Transactions/GetTransactionStatus": () => ({
          ...invalidStatusAnswer,
          status_code: code,
          payment_status_description: "Completed",
        }),
      });
      expect((await client(fetchImpl).getStatus("x")).state).toBe(state);
    }
  });

  test("Pesapal's 'Pending Payment' error answer means not paid yet, whatever its HTTP status", async () => {
    for (const httpStatus of [200, 500]) {
      const fetchImpl = vi.fn(async (input: string | URL | Request) => {
        const answer = String(input).endsWith("RequestToken")
          ? tokenAnswer(new Date(Date.now() + 5 * 60_000).toISOString())
          : notPaidYetStatusAnswer;
        return new Response(JSON.stringify(answer), {
          status: answer.status === "500" ? httpStatus : 200,
        });
      });
      expect(await client(fetchImpl as unknown as typeof fetch).getStatus("x")).toMatchObject({
        state: "PENDING",
        merchantReference: "TEST1515111119",
        confirmationCode: null,
      });
    }
    // Only that error: a refusal of the query itself still fails it.
    const { fetchImpl } = fakePesapal({
      "/api/Transactions/GetTransactionStatus": () => ({
        ...notPaidYetStatusAnswer,
        error: { error_type: "api_error", code: "invalid_order_tracking_id", message: "Not found" },
      }),
    });
    await expect(client(fetchImpl).getStatus("x")).rejects.toThrow(PaymentError);
  });

  test("an answer too large to be Pesapal's is refused after 64 KB, however long it streams", async () => {
    let pulled = 0;
    const endless = vi.fn(async (input: string | URL | Request) => {
      if (String(input).endsWith("RequestToken")) {
        return new Response(
          JSON.stringify(tokenAnswer(new Date(Date.now() + 5 * 60_000).toISOString())),
        );
      }
      const chunk = new TextEncoder().encode(`<p>${"x".repeat(1020)}</p>`);
      return new Response(
        new ReadableStream({
          pull(controller) {
            pulled += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
        { status: 502 },
      );
    });
    await expect(client(endless as unknown as typeof fetch).getStatus("x")).rejects.toMatchObject({
      code: "bad_response",
      message: "Pesapal answered 502 with more than 64 KB.",
    });
    expect(pulled).toBeLessThan(128 * 1024);
  });

  test("an error answer, an unreachable Pesapal and a timeout are PaymentErrors", async () => {
    const refusing = fakePesapal({});
    await expect(client(refusing.fetchImpl).getStatus("x")).rejects.toThrow(PaymentError);
    await expect(client(refusing.fetchImpl).getStatus("x")).rejects.toThrow(/Invalid Access Token/);

    const down = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    await expect(client(down as unknown as typeof fetch).getStatus("x")).rejects.toMatchObject({
      code: "unreachable",
    });

    const slow = vi.fn(
      (_: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
        ),
    );
    const impatient = new PesapalClient({
      baseUrl: "https://pay.pesapal.com/v3",
      consumerKey: "k",
      consumerSecret: "s",
      ipnUrl: "https://shop.example.co.ke/api/pesapal/ipn",
      ipnNotificationType: "GET",
      ipnStore: store(),
      timeoutMs: 50,
      fetch: slow as unknown as typeof fetch,
    });
    await expect(impatient.getStatus("x")).rejects.toMatchObject({ code: "timeout" });
  });
});

describe("Pesapal notifications and returns", () => {
  const pesapal = client(fakePesapal({}).fetchImpl);
  const ipn = "https://shop.example.co.ke/api/pesapal/ipn";

  test("an IPN by GET or POST names the payment, and is answered as Pesapal expects", async () => {
    const byGet = await pesapal.readNotification(
      new Request(
        `${ipn}?OrderTrackingId=b945e4af&OrderMerchantReference=2f9c7e0a&OrderNotificationType=IPNCHANGE`,
      ),
    );
    if (byGet instanceof Response) throw new Error("refused");
    expect(byGet.reference).toBe("b945e4af");
    const handled = byGet.reply(true);
    expect(handled.status).toBe(200);
    expect(await handled.json()).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: "b945e4af",
      orderMerchantReference: "2f9c7e0a",
      status: 200,
    });
    expect(byGet.reply(false).status).toBe(500);

    const byPost = await pesapal.readNotification(
      new Request(ipn, {
        method: "POST",
        body: JSON.stringify({ OrderTrackingId: "c1", OrderNotificationType: "IPNCHANGE" }),
      }),
    );
    expect(byPost).toMatchObject({ reference: "c1" });
  });

  test("a notification naming no payment, or too large, is refused with a 4xx", async () => {
    const none = await pesapal.readNotification(new Request(ipn, { method: "POST", body: "{bad" }));
    expect((none as Response).status).toBe(400);
    const huge = await pesapal.readNotification(
      new Request(ipn, { method: "POST", body: "x".repeat(20_000) }),
    );
    expect((huge as Response).status).toBe(413);
  });

  test("the shopper's return names the payment by OrderTrackingId", () => {
    const back = new URL("https://shop.example.co.ke/order-success?OrderTrackingId=b945e4af");
    expect(pesapal.referenceFromReturn(back)).toBe("b945e4af");
    expect(pesapal.referenceFromReturn(new URL("https://shop.example.co.ke/order-success"))).toBe(
      null,
    );
  });
});

describe("Pesapal refunds", () => {
  test("RefundRequest carries the confirmation code, the amount, who asks and why", async () => {
    const { calls, fetchImpl } = fakePesapal({
      "/api/Transactions/RefundRequest": () => refundAnswer,
    });
    const answer = await client(fetchImpl).refund({
      confirmationCode: "SGH7K2L9QX",
      amount: 1450,
      by: "owner@amaniprints.test",
      reason: "Returned within 30 days",
    });
    expect(answer).toEqual({ message: "Refund request successfully" });
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      body: {
        confirmation_code: "SGH7K2L9QX",
        amount: 1450,
        username: "owner@amaniprints.test",
        remarks: "Returned within 30 days",
      },
    });
  });

  test("a refusal by Pesapal's rules is a refund_refused error with its words", async () => {
    const { fetchImpl } = fakePesapal({
      "/api/Transactions/RefundRequest": () => refundRefusedAnswer,
    });
    const refused = client(fetchImpl).refund({
      confirmationCode: "SGH7K2L9QX",
      amount: 1450,
      by: "owner",
      reason: "Returned",
    });
    await expect(refused).rejects.toMatchObject({
      code: "refund_refused",
      message: "A refund has already been requested for this payment",
    });
  });
});

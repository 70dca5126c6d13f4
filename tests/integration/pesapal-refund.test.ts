import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PaymentError } from "~/modules/payments/provider";
import { payAt, startPesapal } from "../setup/pesapal";

/**
 * Pesapal's RefundRequest, through the shop's real client and the emulator over HTTP, as the
 * contract says: only completed payments, cards in part or in full, mobile money in full only,
 * one refund per payment. (The shop's refunds from the back office build on this: issue 26.)
 */
describe("Pesapal refunds through the emulator", () => {
  let pesapal: Awaited<ReturnType<typeof startPesapal>>;
  let orders = 0;

  /** A payment of `amount` by `method`, completed at its payment page; its confirmation code. */
  const paid = async (method: "mpesa" | "visa", amount = 2800) => {
    const client = pesapal.client();
    const orderId = `refund-${++orders}-${Date.now().toString(36)}`;
    const { reference, redirectUrl } = await client.submitOrder({
      orderId,
      orderReference: orderId.slice(0, 8),
      amount,
      currency: "KES",
      description: "Amani Prints order of 1 item",
      callbackUrl: "http://localhost/order-success",
      token: "attempt-token-0123456789",
      waitingUrl: "http://localhost/pay/x",
      customer: {
        name: "Akinyi Otieno",
        email: "akinyi@example.co.ke",
        phone: "254712345678",
        address: "",
        city: "Nairobi",
      },
    });
    await payAt(redirectUrl, "complete", { method });
    const status = await client.getStatus(reference);
    expect(status.state).toBe("COMPLETED");
    return status.confirmationCode!;
  };

  const refund = (confirmationCode: string, amount: number) =>
    pesapal.client().refund({
      confirmationCode,
      amount,
      by: "owner@amaniprints.test",
      reason: "Returned within 30 days",
    });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).code).toBe("refund_refused");
    return (error as PaymentError).message;
  };

  beforeAll(async () => {
    pesapal = await startPesapal();
  });
  afterAll(() => pesapal?.close());

  test("a card payment is refunded in part, once", async () => {
    const code = await paid("visa");
    expect(await refund(code, 1000)).toEqual({ message: "Refund request successfully" });
    expect(await refusal(refund(code, 500))).toContain("already been requested");
  });

  test("mobile money is refunded in full only", async () => {
    const code = await paid("mpesa");
    expect(await refusal(refund(code, 1000))).toContain("in full");
    expect(await refund(code, 2800)).toEqual({ message: "Refund request successfully" });
  });

  test("no refund of more than was paid, of nothing, or of a payment that is not completed", async () => {
    const code = await paid("visa");
    expect(await refusal(refund(code, 2801))).toContain("at most the amount paid");
    expect(await refusal(refund(code, 0))).toContain("more than 0");
    expect(await refusal(refund("NOSUCHCODE", 100))).toContain("Only completed payments");
  });

  test("what third-party clients send is answered per the contract: an amount as a string", async () => {
    const code = await paid("visa");
    const token = await fetch(`${pesapal.base}/pesapal/api/Auth/RequestToken`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ consumer_key: "k", consumer_secret: "s" }),
    }).then((r) => r.json());
    const call = (body: unknown, bearer = token.token) =>
      fetch(`${pesapal.base}/pesapal/api/Transactions/RefundRequest`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          Authorization: `Bearer ${bearer}`,
        },
        body: JSON.stringify(body),
      });
    const unauthorised = await call({ confirmation_code: code, amount: "100.00" }, "nope");
    expect(unauthorised.status).toBe(401);
    const answer = await call({
      confirmation_code: code,
      amount: "1450.00",
      username: "Wanjiru",
      remarks: "Customer returned the dress",
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "200", message: "Refund request successfully" });
  });
});

import { describe, expect, test } from "vitest";
import { PaymentError, type PaymentProvider } from "./provider";
import { PaymentProviders } from "./registry";

const provider = (name: string, returnParam?: string): PaymentProvider => ({
  name,
  submitOrder: async () => ({ reference: `${name}-1`, redirectUrl: "https://pay.example/1" }),
  getStatus: async () => {
    throw new Error("not asked here");
  },
  readNotification: async () => new Response(null, { status: 400 }),
  ...(returnParam ? { referenceFromReturn: (url: URL) => url.searchParams.get(returnParam) } : {}),
});

describe("the payment providers registry", () => {
  const providers = new PaymentProviders([provider("first", "a"), provider("second", "b")]);

  test("finds a provider by name; the first one registered is checkout's default", () => {
    expect(providers.default.name).toBe("first");
    expect(providers.get("second").name).toBe("second");
    expect(providers.names()).toEqual(["first", "second"]);
    expect(providers.has("third")).toBe(false);
  });

  test("a name it does not know is a PaymentError, never some other provider", () => {
    expect(() => providers.get("third")).toThrow(PaymentError);
  });

  test("a shopper's return belongs to the provider that recognises it", () => {
    const url = (q: string) => new URL(`https://shop.example/order-success?${q}`);
    expect(providers.fromReturn(url("b=ref-9"))).toEqual({
      provider: "second",
      reference: "ref-9",
    });
    expect(providers.fromReturn(url("c=ref-9"))).toBeNull();
  });
});

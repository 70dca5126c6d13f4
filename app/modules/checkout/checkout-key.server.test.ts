import { describe, expect, test } from "vitest";
import { checkoutKey, type Submission } from "./checkout-key.server";

const submission: Submission = {
  cartId: "5d1f3c1e-2b6a-4d8e-9f0a-1c2b3d4e5f60",
  provider: "pesapal",
  customer: {
    name: "Akinyi Otieno",
    phone: "254712345678",
    email: "akinyi@example.co.ke",
    address: "",
    city: "",
    notes: "",
    deliveryMethod: "pickup",
    pickupLocation: "Nairobi CBD",
  },
  items: [
    { productId: "101", name: "Dress", quantity: 2, price: 2500, size: "M" },
    { productId: "102", name: "Bag", quantity: 1, price: 600 },
  ],
  total: 5600,
};

describe("checkout keys", () => {
  test("the same submission gets the same key, whatever the order of its lines", () => {
    const reordered = { ...submission, items: [...submission.items].reverse() };
    expect(checkoutKey(reordered)).toBe(checkoutKey(submission));
  });

  test("another cart, detail, line, price or total gets another key", () => {
    const key = checkoutKey(submission);
    const [dress, bag] = submission.items as [Submission["items"][0], Submission["items"][0]];
    const changed: Submission[] = [
      { ...submission, cartId: "6d1f3c1e-2b6a-4d8e-9f0a-1c2b3d4e5f60" },
      { ...submission, provider: "another" },
      { ...submission, customer: { ...submission.customer, phone: "254722000111" } },
      { ...submission, customer: { ...submission.customer, deliveryMethod: "rider" } },
      { ...submission, items: [{ ...dress, quantity: 3 }, bag] },
      { ...submission, items: [{ ...dress, size: "L" }, bag] },
      { ...submission, items: [{ ...dress, price: 2400 }, bag] },
      { ...submission, items: [dress] },
      { ...submission, total: 5900 },
    ];
    const keys = new Set(changed.map(checkoutKey));
    expect(keys.size).toBe(changed.length);
    expect(keys.has(key)).toBe(false);
  });
});

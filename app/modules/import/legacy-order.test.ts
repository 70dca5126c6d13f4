import { describe, expect, test } from "vitest";
import { normaliseOrder } from "./legacy-order";

describe("order normalisation", () => {
  test("a legacy order gets its customer and delivery from the top-level fields", () => {
    const order = normaliseOrder({
      amount: 3150,
      currency: "KES",
      status: "Processing",
      items: [{ id: "101", name: "Ankara Maxi Dress", quantity: 1, price: 3000, size: "M" }],
      billing_address: {
        first_name: "Akinyi",
        last_name: "Otieno",
        address_line_1: "Ngong Road",
        city: "Nairobi",
      },
      phone_number: "0712345678",
      email_address: "akinyi@example.co.ke",
      notes: "Call on arrival",
      deliveryMethod: "matatu",
      ipnResponse: { payment_method: "MpesaKE", confirmation_code: "QWE123RTY" },
    });
    expect(order).toEqual({
      status: "Processing",
      amount: 3150,
      currency: "KES",
      items: [{ productId: "101", name: "Ankara Maxi Dress", quantity: 1, price: 3000, size: "M" }],
      customer: {
        name: "Akinyi Otieno",
        phone: "0712345678",
        email: "akinyi@example.co.ke",
        address: "Ngong Road",
        city: "Nairobi",
        notes: "Call on arrival",
      },
      delivery: { method: "matatu", fee: 150, pickupLocation: null },
      paymentMethod: "MpesaKE",
      confirmationCode: "QWE123RTY",
    });
  });

  test("the current shape is read as it is", () => {
    const order = normaliseOrder({
      amount: 600,
      status: "Completed",
      customer: {
        name: "Wanjiru",
        phone: "254712345678",
        email: "w@example.com",
        address: "",
        city: "",
        notes: "",
      },
      delivery: { method: "pickup", fee: 0, pickupLocation: "Milele Mall Ngong" },
      paymentMethod: "Visa",
      items: [],
    });
    expect(order.customer.name).toBe("Wanjiru");
    expect(order.delivery).toEqual({
      method: "pickup",
      fee: 0,
      pickupLocation: "Milele Mall Ngong",
    });
    expect(order.paymentMethod).toBe("Visa");
  });

  test.each([
    ["rider", 300],
    ["matatu", 150],
    ["pickup", 0],
    ["courier", 0],
  ])("a missing fee for %s defaults to %i", (method, fee) => {
    expect(normaliseOrder({ deliveryMethod: method }).delivery.fee).toBe(fee);
  });

  test("defaults: method pickup, payment 'Unknown', a missing or unknown status is Pending", () => {
    const order = normaliseOrder({});
    expect(order.delivery.method).toBe("pickup");
    expect(order.paymentMethod).toBe("Unknown");
    expect(order.status).toBe("Pending");
    expect(normaliseOrder({ status: "Lost" }).status).toBe("Pending");
    expect(normaliseOrder(null).customer.name).toBe("");
  });
});

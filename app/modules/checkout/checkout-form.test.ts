import { describe, expect, test } from "vitest";
import { normaliseKenyanPhone } from "~/terms/phone";
import { CHECKOUT_MESSAGES, checkoutErrors, validateCheckout } from "./checkout-form";

const valid = {
  name: "Akinyi Otieno",
  phone: "0712345678",
  email: "akinyi@example.co.ke",
  address: "",
  city: "Nairobi",
  notes: "",
  deliveryMethod: "pickup",
};

describe("Kenyan phone numbers", () => {
  test.each([
    ["0712345678", "254712345678"],
    ["+254712345678", "254712345678"],
    ["254112345678", "254112345678"],
    ["0112345678", "254112345678"],
    ["712345678", "254712345678"],
    ["0712 345 678", "254712345678"],
  ])("%s is accepted as %s", (input, normalised) => {
    expect(normaliseKenyanPhone(input)).toBe(normalised);
  });

  test.each(["0812345678", "071234567", "07123456789", "", "+255712345678", "phone"])(
    "%s is refused",
    (input) => {
      expect(normaliseKenyanPhone(input)).toBeNull();
    },
  );
});

describe("checkout validation", () => {
  test("reports the first failure in the spec's order with its exact text", () => {
    expect(
      validateCheckout({ ...valid, name: "  ", phone: "1", email: "x", deliveryMethod: "rider" }),
    ).toMatchObject({
      ok: false,
      field: "name",
      message: "Please enter your full name",
    });
    expect(validateCheckout({ ...valid, phone: "0812345678", email: "x" })).toMatchObject({
      field: "phone",
      message: "Please enter a valid Kenyan phone number (e.g., 0712345678 or 254712345678)",
    });
    expect(validateCheckout({ ...valid, email: "akinyi@" })).toMatchObject({
      field: "email",
      message: "Please enter a valid email address",
    });
    expect(validateCheckout({ ...valid, deliveryMethod: "matatu", address: " " })).toMatchObject({
      field: "address",
      message: CHECKOUT_MESSAGES.address,
    });
  });

  test("address is needed for matatu and rider only; city and notes are optional", () => {
    expect(validateCheckout({ ...valid, deliveryMethod: "pickup", address: "" }).ok).toBe(true);
    expect(
      validateCheckout({
        ...valid,
        deliveryMethod: "rider",
        address: "Kilimani, Argwings Kodhek Rd",
      }).ok,
    ).toBe(true);
    expect(validateCheckout({ ...valid, city: undefined, notes: undefined }).ok).toBe(true);
  });

  test("cleans the data: trimmed, phone normalised, pickup location only for pickup, address only for delivery", () => {
    // The address typed before the shopper chose pickup comes along, hidden: it is not kept.
    const pickup = validateCheckout({
      ...valid,
      name: " Akinyi ",
      phone: "+254 712 345 678",
      address: "Kilimani",
      pickupLocation: "Milele Mall Ngong",
    });
    expect(pickup).toEqual({
      ok: true,
      data: {
        name: "Akinyi",
        phone: "254712345678",
        email: "akinyi@example.co.ke",
        address: "",
        city: "Nairobi",
        notes: "",
        deliveryMethod: "pickup",
        pickupLocation: "Milele Mall Ngong",
      },
    });
    const defaulted = validateCheckout({ ...valid, pickupLocation: "somewhere else" });
    expect(defaulted.ok && defaulted.data.pickupLocation).toBe(
      "Tom Mboya Meru South House 2nd floor Rm 205",
    );
    const rider = validateCheckout({
      ...valid,
      deliveryMethod: "rider",
      address: "Kilimani",
      pickupLocation: "Milele Mall Ngong",
    });
    expect(rider.ok && rider.data.pickupLocation).toBeNull();
    expect(rider.ok && rider.data.address).toBe("Kilimani");
  });
});

describe("every field's message at once, for the form to show beside each field", () => {
  test("all failures, each with the spec's text, keyed in the spec's order", () => {
    const errors = checkoutErrors({
      ...valid,
      name: " ",
      phone: "0812345678",
      email: "akinyi@",
      deliveryMethod: "matatu",
      address: "  ",
    });
    expect(errors).toEqual({
      name: "Please enter your full name",
      phone: "Please enter a valid Kenyan phone number (e.g., 0712345678 or 254712345678)",
      email: "Please enter a valid email address",
      address: "Please provide your exact delivery location",
    });
    expect(Object.keys(errors)).toEqual(["name", "phone", "email", "address"]);
  });

  test("only the fields in error; none for a form that may go", () => {
    expect(checkoutErrors({ ...valid, email: "x" })).toEqual({ email: CHECKOUT_MESSAGES.email });
    expect(checkoutErrors({ ...valid, deliveryMethod: "rider", address: "" })).toEqual({
      address: CHECKOUT_MESSAGES.address,
    });
    expect(checkoutErrors(valid)).toEqual({});
    // Pickup needs no address, whatever was left in it.
    expect(checkoutErrors({ ...valid, deliveryMethod: "pickup", address: "" })).toEqual({});
  });

  test("a field the form does not show (a made-up delivery method) is no field's message", () => {
    expect(checkoutErrors({ ...valid, deliveryMethod: "drone" })).toEqual({});
  });
});

import { describe, expect, test } from "vitest";
import {
  DEFAULT_FREE_DELIVERY_OVER,
  deliveryFee,
  freeDeliveryApplies,
  methodFee,
  orderTotal,
  shortOfFreeDelivery,
} from "./delivery";

describe("delivery fees and totals", () => {
  test("list fees: pickup 0, matatu 150, rider 300; anything else is pickup", () => {
    expect([
      methodFee("pickup"),
      methodFee("matatu"),
      methodFee("rider"),
      methodFee(undefined),
    ]).toEqual([0, 150, 300, 0]);
    expect(methodFee("drone")).toBe(0);
  });

  test("below the threshold each method costs its fee", () => {
    expect([
      deliveryFee("pickup", 2500, 5000),
      deliveryFee("matatu", 2500, 5000),
      deliveryFee("rider", 2500, 5000),
    ]).toEqual([0, 150, 300]);
    expect(orderTotal(2500, "rider", 5000)).toBe(2800);
    expect(orderTotal(2500, "matatu", 5000)).toBe(2650);
    expect(orderTotal(2500, "pickup", 5000)).toBe(2500);
  });

  test("one shilling short of the threshold still pays; exactly the threshold is free", () => {
    expect(deliveryFee("rider", 4999, 5000)).toBe(300);
    expect(orderTotal(4999, "rider", 5000)).toBe(5299);
    expect(freeDeliveryApplies(5000, 5000)).toBe(true);
    expect(deliveryFee("rider", 5000, 5000)).toBe(0);
    expect(deliveryFee("matatu", 5000, 5000)).toBe(0);
    expect(orderTotal(5000, "rider", 5000)).toBe(5000);
    // The cart: KSh 11,350 is no longer charged 150 or 300.
    expect(orderTotal(11_350, "matatu", 5000)).toBe(11_350);
    expect(orderTotal(11_350, "rider", 5000)).toBe(11_350);
  });

  test("a threshold of 0 turns the offer off: every subtotal pays the method's fee", () => {
    expect(freeDeliveryApplies(0, 0)).toBe(false);
    expect(freeDeliveryApplies(1_000_000, 0)).toBe(false);
    expect(deliveryFee("rider", 1_000_000, 0)).toBe(300);
    expect(orderTotal(6500, "matatu", 0)).toBe(6650);
    expect(shortOfFreeDelivery(100, 0)).toBe(0);
  });

  test("another threshold moves the edge with it", () => {
    expect(deliveryFee("rider", 9999, 10_000)).toBe(300);
    expect(deliveryFee("rider", 10_000, 10_000)).toBe(0);
    expect(deliveryFee("rider", 1, 1)).toBe(0);
  });

  test("how much more a cart needs for free delivery", () => {
    expect(shortOfFreeDelivery(3800, 5000)).toBe(1200);
    expect(shortOfFreeDelivery(4999, 5000)).toBe(1);
    expect(shortOfFreeDelivery(5000, 5000)).toBe(0);
    expect(shortOfFreeDelivery(7000, 5000)).toBe(0);
  });

  test("the default threshold is the product page's KSh 5,000", () => {
    expect(DEFAULT_FREE_DELIVERY_OVER).toBe(5000);
  });
});

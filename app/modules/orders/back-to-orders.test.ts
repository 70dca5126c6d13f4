import { describe, expect, it } from "vitest";
import { backToOrdersHref } from "./back-to-orders";

const origins = ["https://amaniprints.co.ke"];

describe("back to orders", () => {
  it("returns to the list the owner came from, as it was", () => {
    expect(
      backToOrdersHref(
        "https://amaniprints.co.ke/admin/orders?status=Pending&otherPage=2",
        origins,
      ),
    ).toBe("/admin/orders?status=Pending&otherPage=2");
  });

  it("from anywhere else, another site or nothing, the list as it opens", () => {
    expect(backToOrdersHref("https://amaniprints.co.ke/admin/orders/x", origins)).toBe(
      "/admin/orders",
    );
    expect(backToOrdersHref("https://evil.example/admin/orders?q=1", origins)).toBe(
      "/admin/orders",
    );
    expect(backToOrdersHref("not a url", origins)).toBe("/admin/orders");
    expect(backToOrdersHref(null, origins)).toBe("/admin/orders");
    expect(backToOrdersHref("https://amaniprints.co.ke/admin/orders?evil=1", origins)).toBe(
      "/admin/orders",
    );
  });
});

import { describe, expect, test } from "vitest";
import { describeChange } from "./describe";

describe("the audit trail in the owner's words", () => {
  test("a product's price change names the product and both prices", () => {
    expect(
      describeChange({
        entity: "product",
        action: "update",
        subjectId: "204",
        before: { price: 4500, name: "Ankara Wrap" },
        after: { price: 3900, name: "Ankara Wrap" },
      }),
    ).toEqual({
      summary: 'Changed the price of "Ankara Wrap"',
      changes: [{ field: "Price", from: "KSh 4,500", to: "KSh 3,900" }],
      href: "/admin?edit=204",
    });
  });

  test("hiding, featuring and editing say what happened; a deleted product links nowhere", () => {
    const product = (before: object, after: object) =>
      describeChange({
        entity: "product",
        action: "update",
        subjectId: "7",
        before: { name: "Kitenge", ...before },
        after: { name: "Kitenge", ...after },
      });
    expect(product({ in_stock: true }, { in_stock: false }).summary).toBe(
      'Hid product "Kitenge" (In Stock off)',
    );
    expect(product({ is_featured: false }, { is_featured: true }).summary).toBe(
      'Featured product "Kitenge"',
    );
    expect(
      product({ category: "dresses", sizes: ["M"] }, { category: "skirts", sizes: ["M", "L"] }),
    ).toMatchObject({
      summary: 'Edited product "Kitenge"',
      changes: [
        { field: "Category", from: "Dresses", to: "Skirts" },
        { field: "Sizes", from: "M", to: "M, L" },
      ],
    });
    expect(
      describeChange({
        entity: "product",
        action: "delete",
        subjectId: "7",
        before: { name: "Kitenge" },
        after: null,
      }),
    ).toEqual({ summary: 'Deleted product "Kitenge"', changes: [], href: null });
  });

  test("orders, stock, codes, accounts and sign-ins", () => {
    const orderId = "0f3a9c1e-7d2b-4c1a-9e8f-123456789abc";
    expect(
      describeChange({
        entity: "order",
        action: "update",
        subjectId: orderId,
        before: { fulfilment_state: "to_pack" },
        after: { fulfilment_state: "sent" },
      }).summary,
    ).toMatch(/^Marked order 0F3A9C1E /);
    expect(
      describeChange({
        entity: "stock",
        action: "update",
        subjectId: "12",
        before: { quantity: 5, size: "M" },
        after: { quantity: 3, size: "M" },
      }),
    ).toEqual({
      summary: "Changed stock of product 12 (size M)",
      changes: [{ field: "Pieces", from: "5", to: "3" }],
      href: "/admin?history=12",
    });
    expect(
      describeChange({
        entity: "code",
        action: "update",
        subjectId: "JAMHURI10",
        before: { active: true },
        after: { active: false },
      }).summary,
    ).toBe("Ended discount code JAMHURI10");
    expect(
      describeChange({
        entity: "account",
        action: "insert",
        subjectId: "u1",
        before: null,
        after: { email: "a@b.ke", name: "Akinyi", role: "staff", banned: false },
      }),
    ).toEqual({
      summary: "Added the account a@b.ke (Staff)",
      changes: [
        { field: "Name", from: "", to: "Akinyi" },
        { field: "Role", from: "", to: "Staff" },
      ],
      href: "/admin/accounts",
    });
    expect(
      describeChange({
        entity: "account",
        action: "password-set",
        subjectId: "u1",
        before: null,
        after: { email: "a@b.ke" },
      }),
    ).toEqual({
      summary: "a@b.ke set a password through their link",
      changes: [],
      href: "/admin/accounts",
    });
    expect(
      describeChange({
        entity: "signin",
        action: "failed",
        subjectId: null,
        before: null,
        after: { email: "x@y.ke", address: "10.0.0.1" },
      }).summary,
    ).toBe("Failed sign-in as x@y.ke from 10.0.0.1");
  });
});

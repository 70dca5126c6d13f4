import { describe, expect, test } from "vitest";
import {
  ExportShapeError,
  imageAddress,
  imageFileName,
  orderIdFor,
  parseOrder,
  parseProduct,
  parseShillings,
  parseTimestamp,
  readExportDocuments,
} from "./firestore-export";

describe("the export's shape", () => {
  test("an array of documents with their ids", () => {
    const { documents, problems } = readExportDocuments(
      [{ id: "a1", name: "A" }, { id: 7, name: "B" }, { name: "no id" }, "text"],
      "products",
    );
    expect(documents).toEqual([
      { id: "a1", data: { id: "a1", name: "A" } },
      { id: "7", data: { id: 7, name: "B" } },
    ]);
    expect(problems.map((p) => p.id)).toEqual(["#3", "#4"]);
    expect(problems[0]!.reason).toMatch(/no document id/);
  });

  test("an object keyed by document id, alone or under the collection's name", () => {
    const keyed = { a1: { name: "A" }, b2: { name: "B" }, c3: 5 };
    const expected = {
      documents: [
        { id: "a1", data: { name: "A" } },
        { id: "b2", data: { name: "B" } },
      ],
      problems: [{ id: "c3", reason: "not a document (expected an object of fields)" }],
    };
    expect(readExportDocuments(keyed, "products")).toEqual(expected);
    const { c3: _, ...documentsOnly } = keyed;
    expect(readExportDocuments({ products: documentsOnly }, "products")).toEqual({
      documents: expected.documents,
      problems: [],
    });
    // A lone document that happens to be called "orders" stays a document.
    expect(readExportDocuments({ orders: { amount: 5 } }, "orders").documents).toEqual([
      { id: "orders", data: { amount: 5 } },
    ]);
  });

  test("a repeated id keeps the first document and reports the others", () => {
    const { documents, problems } = readExportDocuments(
      [
        { id: "x", n: 1 },
        { id: "x", n: 2 },
      ],
      "orders",
    );
    expect(documents).toEqual([{ id: "x", data: { id: "x", n: 1 } }]);
    expect(problems).toEqual([{ id: "x", reason: expect.stringMatching(/more than once/) }]);
  });

  test.each([[null], ["text"], [42]])("anything else is refused as a whole: %j", (json) => {
    expect(() => readExportDocuments(json, "products")).toThrow(ExportShapeError);
  });
});

describe("timestamps", () => {
  test.each([
    [{ _seconds: 1700000000, _nanoseconds: 250000000 }, "2023-11-14T22:13:20.250Z"],
    [{ seconds: 1700000000, nanoseconds: 0 }, "2023-11-14T22:13:20.000Z"],
    [{ _seconds: 1700000000 }, "2023-11-14T22:13:20.000Z"],
    ["2024-03-01T08:30:00.000Z", "2024-03-01T08:30:00.000Z"],
    ["2024-03-01T11:30:00+03:00", "2024-03-01T08:30:00.000Z"],
  ])("%j is %s", (value, iso) => {
    expect(parseTimestamp(value)?.toISOString()).toBe(iso);
  });

  test.each([
    [undefined],
    [null],
    ["yesterday"],
    ["2024-13-45T99:00:00Z"],
    [{ seconds: "soon" }],
    [1700000000],
  ])("%j is not read", (value) => {
    expect(parseTimestamp(value)).toBeNull();
  });
});

describe("products", () => {
  const doc = (data: Record<string, unknown>) => ({ id: "p1", data });
  const base = { name: " Ankara Maxi Dress ", category: "dresses", price: 3500 };

  test("a full document", () => {
    const result = parseProduct(
      doc({
        ...base,
        description: "Flowing maxi",
        details: "100% cotton",
        originalPrice: "4,200",
        images: ["https://img.example/a.jpg"],
        sizes: ["S", "M", "M", 40],
        isFeatured: true,
        inStock: false,
        createdAt: { _seconds: 1700000000, _nanoseconds: 0 },
      }),
    );
    expect(result).toEqual({
      ok: true,
      warnings: [],
      product: {
        id: "p1",
        name: "Ankara Maxi Dress",
        description: "Flowing maxi",
        details: "100% cotton",
        category: "dresses",
        price: 3500,
        originalPrice: 4200,
        imageUrls: ["https://img.example/a.jpg"],
        sizes: ["S", "M", "40"],
        isFeatured: true,
        inStock: false,
        stock: null,
        createdAt: new Date(1700000000000),
      },
    });
  });

  test("stock is read when the export gives it, per size or as one number without sizes", () => {
    const sized = parseProduct(doc({ ...base, sizes: ["S", "M"], stock: { S: 2, M: "0" } }));
    expect(sized).toMatchObject({ ok: true, warnings: [], product: { stock: { S: 2, M: 0 } } });
    const unsized = parseProduct(doc({ ...base, stock: "7" }));
    expect(unsized).toMatchObject({ ok: true, warnings: [], product: { stock: { "": 7 } } });
  });

  test("stock that cannot be read is noted and left out; none readable means not tracked", () => {
    const partly = parseProduct(
      doc({ ...base, sizes: ["S", "M"], stock: { S: 3, M: -1, XL: 4, L: "many" } }),
    );
    expect(partly.ok && partly.product.stock).toEqual({ S: 3 });
    expect(partly.ok && partly.warnings).toEqual([
      'stock -1 of size "M" is not a number of pieces; left out',
      'stock of size "XL", which the product does not offer, is left out',
      'stock of size "L", which the product does not offer, is left out',
    ]);
    const oneNumberForSizes = parseProduct(doc({ ...base, sizes: ["S"], stock: 5 }));
    expect(oneNumberForSizes.ok && oneNumberForSizes.product.stock).toBeNull();
    expect(oneNumberForSizes.ok && oneNumberForSizes.warnings).toEqual([
      'stock is one number but the product has sizes; give it per size, as {"M": 2}; stock is not tracked',
    ]);
    const notANumber = parseProduct(doc({ ...base, stock: 2.5 }));
    expect(notANumber.ok && notANumber.product.stock).toBeNull();
    expect(notANumber.ok && notANumber.warnings).toEqual([
      "stock 2.5 is not a number of pieces; stock is not tracked",
    ]);
  });

  test("defaults: in stock, not featured, no sizes, no images, no original price", () => {
    const result = parseProduct(doc(base));
    expect(result).toMatchObject({
      ok: true,
      warnings: [],
      product: {
        description: "",
        details: null,
        originalPrice: null,
        imageUrls: [],
        sizes: [],
        isFeatured: false,
        inStock: true,
        stock: null,
        createdAt: null,
      },
    });
  });

  test.each([
    [{ ...base, name: "" }, "no name"],
    [{ ...base, category: "hats" }, 'unknown category "hats"'],
    [{ ...base, category: "all" }, 'unknown category "all"'],
    [{ ...base, category: undefined }, "no category"],
    [{ ...base, price: undefined }, "no price"],
    [{ ...base, price: "cheap" }, 'price "cheap" is not a number'],
    [{ ...base, price: -5 }, "price -5 is not a number"],
  ])("%j is skipped: %s", (data, reason) => {
    expect(parseProduct(doc(data))).toEqual({ ok: false, reason });
  });

  test("doubtful fields are noted, not fatal", () => {
    const result = parseProduct(
      doc({
        ...base,
        price: 1499.6,
        originalPrice: "n/a",
        images: ["https://img.example/a.jpg", 3],
        sizes: "S,M",
        inStock: "yes",
        createdAt: "last week",
      }),
    );
    expect(result.ok && result.product).toMatchObject({
      price: 1500,
      originalPrice: null,
      imageUrls: ["https://img.example/a.jpg"],
      sizes: [],
      inStock: true,
      createdAt: null,
    });
    expect(result.ok && result.warnings).toHaveLength(6);
  });

  test.each([
    [1500, 1500],
    ["1500", 1500],
    [" 1,500.00 ", 1500],
    [0, 0],
    ["", null],
    ["KSh 1500", null],
    [Number.NaN, null],
    [true, null],
  ])("shillings from %j: %j", (value, expected) => {
    expect(parseShillings(value)).toBe(expected);
  });
});

describe("image addresses", () => {
  test("only http and https are downloaded", () => {
    expect(imageAddress("https://img.example/a.jpg").ok).toBe(true);
    expect(imageAddress("http://127.0.0.1:8080/a.jpg").ok).toBe(true);
    expect(imageAddress("gs://shop.appspot.com/products/a.jpg")).toEqual({
      ok: false,
      reason: "unreachable: gs:// addresses cannot be downloaded",
    });
    expect(imageAddress("products/a.jpg")).toEqual({ ok: false, reason: "not an address" });
  });

  test.each([
    [
      "https://storage.example/v0/b/shop/o/products%2Fdresses%2F1700000000000_Ankara%20Maxi.jpg?alt=media&token=abc",
      "Ankara Maxi.jpg",
    ],
    ["https://img.example/photos/kimono-1.png", "kimono-1.png"],
    ["https://img.example/", "image"],
    ["https://img.example/bad%E0%A4%A.jpg", "bad%E0%A4%A.jpg"],
  ])("the file name of %s is %s", (address, name) => {
    expect(imageFileName(new URL(address))).toBe(name);
  });
});

describe("orders", () => {
  const items = [{ id: "101", name: "Ankara Maxi Dress", quantity: 1, price: 3000 }];

  test("ids: a stable UUID per document id; a UUID document id is kept", () => {
    const id = orderIdFor("Xk2fP9qLm3Ab7ZtR0wYc");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(orderIdFor("Xk2fP9qLm3Ab7ZtR0wYc")).toBe(id);
    expect(orderIdFor("Xk2fP9qLm3Ab7ZtR0wYd")).not.toBe(id);
    expect(orderIdFor("9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D")).toBe(
      "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
    );
  });

  test("a legacy order is read by normaliseOrder and keeps its document", () => {
    const data = {
      amount: "3300",
      items,
      billing_address: { first_name: "Akinyi", last_name: "Otieno", address_line_1: "Ngong Rd" },
      phone_number: "0712 345 678",
      email_address: "akinyi@example.co.ke",
      deliveryMethod: "rider",
      createdAt: "2024-03-01T08:30:00.000Z",
    };
    const result = parseOrder({ id: "legacy-1", data });
    expect(result).toMatchObject({
      ok: true,
      warnings: [],
      order: {
        id: orderIdFor("legacy-1"),
        legacyId: "legacy-1",
        customerPhone: "254712345678",
        raw: data,
        createdAt: new Date("2024-03-01T08:30:00.000Z"),
        order: {
          status: "Pending",
          amount: 3300,
          customer: { name: "Akinyi Otieno", address: "Ngong Rd" },
          delivery: { method: "rider", fee: 300 },
        },
      },
    });
  });

  test.each([
    [{ amount: 500 }, "no items"],
    [{ amount: 500, items: [] }, "no items"],
    [{ items }, "no amount"],
    [{ items, amount: 0 }, "no amount"],
  ])("%j is skipped: %s", (data, reason) => {
    expect(parseOrder({ id: "o", data })).toEqual({ ok: false, reason });
  });

  test("an unknown status, a missing timestamp and a foreign phone are noted or kept", () => {
    const result = parseOrder({
      id: "o",
      data: { items, amount: 3000, status: "Paid", customer: { phone: "+44 20 7946 0000" } },
    });
    expect(result.ok && result.order.order.status).toBe("Pending");
    expect(result.ok && result.order.customerPhone).toBe("+44 20 7946 0000");
    expect(result.ok && result.warnings).toEqual([
      'status "Paid" is not one the shop knows; imported as Pending',
      "no createdAt; the import time is used",
    ]);
  });
});

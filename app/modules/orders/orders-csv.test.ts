import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, csvCell, csvHeader, csvLine } from "./orders-csv";

describe("orders CSV", () => {
  it("quotes cells with commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Kilimani, Nairobi")).toBe('"Kilimani, Nairobi"');
    expect(csvCell('the "blue" one')).toBe('"the ""blue"" one"');
    expect(csvCell("gate\nsecond floor")).toBe('"gate\nsecond floor"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(2800)).toBe("2800");
  });

  it("never lets a customer's text run as a spreadsheet formula", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+254712345678")).toBe("'+254712345678");
    expect(csvCell("@home")).toBe("'@home");
  });

  it("writes one line per order, in Nairobi time, with subtotal, items, discount and refunds", () => {
    const line = csvLine({
      id: "2f9c7e0a-1b2c-4d3e-8f90-123456789abc",
      createdAt: "2026-03-01T21:30:00.000Z",
      status: "Completed",
      amount: 2900,
      currency: "KES",
      items: [
        { name: "Ankara Dress", quantity: 2, price: 1400, size: "M" },
        { name: "Beaded Bracelet", quantity: 1, price: 0 },
      ],
      customer: {
        name: "Akinyi",
        phone: "254712345678",
        email: "a@example.co.ke",
        address: "",
        city: "",
      },
      delivery: { methodId: "rider", fee: 300, pickupLocation: null },
      paymentMethod: "M-Pesa",
      confirmationCode: "QK12",
      paymentProvider: "Pesapal",
      paymentReversed: false,
      discountCode: "JAMHURI10",
      discount: 200,
      refunded: 1400,
    });
    expect(line).toBe(
      "2f9c7e0a-1b2c-4d3e-8f90-123456789abc,2026-03-02 00:30:00,Completed,Akinyi,254712345678,a@example.co.ke,rider,,,,2 x Ankara Dress (M) @ 1400; 1 x Beaded Bracelet @ 0,2800,JAMHURI10,200,300,2900,1400,KES,M-Pesa,QK12,Pesapal,No\r\n",
    );
    expect(line.split(",").length).toBe(CSV_COLUMNS.length);
    expect(csvHeader().startsWith("Order ID,Date (Nairobi),Status,")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { emailText, type OrderFacts } from "./message-texts";
import { orderEmailHtml, type ShopContact } from "./order-email.server";

const facts: OrderFacts = {
  shopName: "Amani Prints",
  reference: "3F9A1C2B",
  total: 7650,
  itemsCount: 3,
  delivery: "Matatu parcel",
  deliveryTo: "Oginga Odinga St, Kisumu",
  customerName: "Akinyi Otieno",
  trackingUrl: "https://amaniprints.co.ke/orders/q3Xr9dK2LmP0sVb7TnYw1a",
  adminUrl: "https://amaniprints.co.ke/admin/orders?q=3F9A1C2B",
  note: "",
  items: [
    { name: "Zuri Kitenge Wrap Dress", size: "M", quantity: 2, price: 2850 },
    { name: "Kito Ankara Tote Bag", quantity: 1, price: 1800 },
  ],
  deliveryFee: 150,
};
const shop: ShopContact = {
  name: "Amani Prints",
  location: "Milele Mall, Ngong, Nairobi",
  phone: "+254 712 345 678",
  email: "hello@amaniprints.co.ke",
  whatsapp: "254712345678",
};

/** The email's HTML as a reader sees it: tags gone, spaces collapsed. */
const seen = (html: string) =>
  html
    .replace(/<div[^>]*data-skip-in-text[^>]*>.*?<\/div>/s, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ");

describe("order emails", () => {
  it("the confirmation is a receipt: items with size and quantity, subtotal, delivery fee, total", async () => {
    const html = await orderEmailHtml("payment_confirmed", facts, shop);
    expect(html).toMatch(/^<!DOCTYPE html/);
    const text = seen(html);
    expect(text).toContain("Thank you for your order");
    expect(text).toContain("Zuri Kitenge Wrap Dress Size M · Qty 2 · KSh 2,850 each KSh 5,700");
    expect(text).toContain("Kito Ankara Tote Bag Qty 1 · KSh 1,800 each KSh 1,800");
    expect(text).toContain("Subtotal KSh 7,500 Delivery (Matatu parcel) KSh 150 Total KSh 7,650");
    expect(text).toContain("Delivery Matatu parcel Oginga Odinga St, Kisumu");
    expect(html).toContain(`href="${facts.trackingUrl}"`);
    // The inbox's preview line, hidden in the body.
    expect(html).toContain("We received your payment of KSh 7,650 for order 3F9A1C2B.");
  });

  it("in Kiswahili the whole email is: its language, its receipt, its note and its link", async () => {
    const sw: OrderFacts = {
      ...facts,
      language: "sw",
      delivery: "Kifurushi kwa matatu",
      items: [{ ...facts.items[0]!, wasPrice: 3200 }, facts.items[1]!],
    };
    const html = await orderEmailHtml("payment_confirmed", sw, shop);
    expect(html).toMatch(/<html[^>]* lang="sw"/);
    const text = seen(html);
    expect(text).toContain("Asante kwa agizo lako");
    expect(text).toContain(
      "Zuri Kitenge Wrap Dress Saizi M · Idadi 2 · KSh 2,850 kila kimoja (bei ya ofa, awali KSh 3,200)",
    );
    expect(text).toContain(
      "Jumla ndogo KSh 7,500 Usafirishaji (Kifurushi kwa matatu) KSh 150 Jumla KSh 7,650",
    );
    expect(text).toContain("Fuatilia agizo lako");
    expect(text).toContain("Au fungua kiungo hiki:");
    const sent = { ...sw, note: "Inafika Kisumu saa kumi jioni" };
    const step = seen(await orderEmailHtml("order_sent", sent, shop));
    expect(step).toContain("Ujumbe kutoka Amani Prints Inafika Kisumu saa kumi jioni");
  });

  it("free delivery reads 'Free', and the owner's copy links to the order in the back office", async () => {
    const free = { ...facts, deliveryFee: 0, total: 7500 };
    const html = await orderEmailHtml("new_paid_order", free, shop);
    const text = seen(html);
    expect(text).toContain("Delivery (Matatu parcel) Free Total KSh 7,500");
    expect(text).toContain("Akinyi Otieno paid KSh 7,500 for 3 items.");
    expect(text).toContain("Open the order");
    expect(html).toContain(`href="${facts.adminUrl}"`);
  });

  it("a parcel on its way carries the owner's note and no receipt", async () => {
    const sent = { ...facts, note: "2NK Sacco, arrives 4 pm" };
    const html = await orderEmailHtml("order_sent", sent, shop);
    const text = seen(html);
    expect(text).toContain("Note from Amani Prints 2NK Sacco, arrives 4 pm");
    expect(text).not.toContain("Total");
    expect(emailText("order_sent", sent).body).toContain(
      "Note from Amani Prints: 2NK Sacco, arrives 4 pm",
    );
  });

  it("what a shopper typed is text, never markup", async () => {
    const hostile = { ...facts, customerName: '<img src=x onerror="alert(1)">' };
    const html = await orderEmailHtml("payment_confirmed", hostile, shop);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x");
  });
});

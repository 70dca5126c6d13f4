import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MESSAGE_KINDS } from "~/terms/message-states";
import { fitsOneSms, gsmLength, smsParts, toGsm } from "~/utils/gsm";
import { LANGUAGES } from "~/utils/language";
import { backInStockSms, emailContent, emailText, type OrderFacts, smsText } from "./message-texts";

/** The longest values a real order gives: a long shop name and domain, a big total, a long note. */
const longest: OrderFacts = {
  shopName: "Amani Prints Kenya",
  reference: "3F9A1C2B",
  total: 9_999_999,
  itemsCount: 99,
  delivery: "Rider (boda boda)",
  deliveryTo: "Tom Mboya Meru South House 2nd floor Rm 205",
  customerName: "Wanjiru Nyambura Kamau-Otieno",
  trackingUrl: `https://amaniprintskenya.co.ke/orders/${"x".repeat(22)}`,
  adminUrl: `https://amaniprintskenya.co.ke/admin/orders?q=3F9A1C2B`,
  note: "2NK Sacco, arrives Kisumu stage at 4 pm tomorrow, call 0712 345 678",
  items: [{ name: "Zuri Kitenge Wrap Dress", size: "XL", quantity: 2, price: 4500 }],
  deliveryFee: 0,
  refund: { amount: 9_999_999, whole: false },
};

describe("message texts", () => {
  it("a refund says how much went back, whole or in part", () => {
    const part = { ...longest, refund: { amount: 2500, whole: false } };
    expect(smsText("refunded", part)).toBe(
      "Amani Prints Kenya: we refunded KSh 2,500 for order 3F9A1C2B. It may take a few days. See: https://amaniprintskenya.co.ke/orders/xxxxxxxxxxxxxxxxxxxxxx",
    );
    expect(emailText("refunded", part).subject).toBe("Order 3F9A1C2B: KSh 2,500 refunded");
    expect(
      emailText("refunded", { ...part, refund: { amount: 9000, whole: true } }).body,
    ).toContain("We refunded KSh 9,000 for order 3F9A1C2B, the whole of your payment.");
  });

  it("a failed payment offers to pay the same order again, by its link, in either language", () => {
    const url = longest.trackingUrl;
    expect(smsText("payment_failed", longest)).toBe(
      `Amani Prints Kenya: order 3F9A1C2B was not paid and nothing was charged. Pay for this order again: ${url}`,
    );
    expect(smsText("payment_failed", { ...longest, language: "sw" })).toBe(
      `Amani Prints Kenya: agizo 3F9A1C2B halikulipiwa na hakuna pesa iliyokatwa. Lilipie tena: ${url}`,
    );
    for (const language of LANGUAGES) {
      expect(fitsOneSms(smsText("payment_failed", { ...longest, language }))).toBe(true);
    }
    const email = emailContent("payment_failed", longest);
    expect(email.action).toEqual({ href: url, label: "Pay for this order again" });
    expect(email.paragraphs[1]).toBe(
      "The payment for order 3F9A1C2B did not go through, and nothing was charged. Your order is kept: you can pay for this same order again from its page whenever you are ready, on the phone or computer you ordered on.",
    );
    expect(emailText("payment_failed", longest).body).not.toMatch(/place the order again/i);
    const sw = emailContent("payment_failed", { ...longest, language: "sw" });
    expect(sw.action).toEqual({ href: url, label: "Lipia agizo hili tena" });
    expect(sw.paragraphs[1]).toContain("unaweza kulilipia agizo hili hili tena");
  });

  it("without a note every SMS fits one 160-character GSM-7 part with the longest realistic values", () => {
    for (const kind of MESSAGE_KINDS.filter((k) => k !== "back_in_stock")) {
      const text = smsText(kind, { ...longest, note: "" });
      expect(gsmLength(text), `${kind}: ${text}`).not.toBeNull();
      expect(gsmLength(text)!, `${kind}: ${text}`).toBeLessThanOrEqual(160);
    }
  });

  it("the owner's note is never cut: a long one sends the SMS in more parts, three at most", () => {
    const note = "Pick at 2NK office".padEnd(200, " and ask for Wanjiru at the counter");
    for (const kind of ["order_sent", "ready_for_pickup"] as const) {
      const text = smsText(kind, { ...longest, note });
      expect(text).toContain(`${toGsm(note.trim()).replace(/[.,;:]$/, "")}.`);
      expect(smsParts(text)).toBeGreaterThan(1);
      expect(smsParts(text)).toBeLessThanOrEqual(3);
    }
    // A short note still fits one part.
    expect(smsParts(smsText("order_sent", { ...longest, note: "Arrives 4 pm" }))).toBe(1);
  });

  it("'ready for pickup' names the pickup point", () => {
    expect(smsText("ready_for_pickup", { ...longest, note: "" })).toContain(
      "is ready at Tom Mboya Meru South House 2nd floor Rm 205.",
    );
  });

  it("whatever the note and the name, an SMS stays in GSM-7", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), (note, name) => {
        const text = smsText("order_sent", { ...longest, note, customerName: name });
        expect(gsmLength(text)).not.toBeNull();
      }),
    );
  });

  it("the extension characters count twice; accents are made plain", () => {
    expect(gsmLength("{}")).toBe(4);
    expect(gsmLength("Ω")).toBe(1);
    expect(toGsm("Njeri’s café")).toBe("Njeri's cafe");
    expect(fitsOneSms("a".repeat(160))).toBe(true);
    expect(fitsOneSms("a".repeat(161))).toBe(false);
    expect(smsParts("a".repeat(160))).toBe(1);
    expect(smsParts("a".repeat(161))).toBe(2);
    expect(smsParts("a".repeat(306))).toBe(2);
    expect(smsParts("a".repeat(307))).toBe(3);
  });

  it("one item or many, the owner's SMS says it in a whole phrase", () => {
    expect(smsText("new_paid_order", { ...longest, itemsCount: 1 })).toContain(", 1 item,");
    expect(smsText("new_paid_order", longest)).toContain(", 99 items,");
  });

  it("the confirmation email has the receipt, the delivery and the tracking link", () => {
    const { subject, body } = emailText("payment_confirmed", longest);
    expect(subject).toBe("Order 3F9A1C2B: payment received");
    expect(body).toContain("2 x Zuri Kitenge Wrap Dress (size XL): KSh 9,000");
    expect(body).toContain("Delivery (Rider (boda boda)): Free");
    expect(body).toContain(longest.trackingUrl);
  });

  describe("in Kiswahili", () => {
    // A Kiswahili order's link is to its page under /sw, three characters longer.
    const sw: OrderFacts = {
      ...longest,
      language: "sw",
      delivery: "Boda boda",
      trackingUrl: `https://amaniprintskenya.co.ke/sw/orders/${"x".repeat(22)}`,
    };
    const shopperKinds = MESSAGE_KINDS.filter(
      (k) => k !== "back_in_stock" && k !== "new_paid_order",
    );

    it("every SMS to a shopper fits one part too, with the longest realistic values", () => {
      for (const kind of shopperKinds) {
        const text = smsText(kind, { ...sw, note: "" });
        expect(gsmLength(text), `${kind}: ${text}`).not.toBeNull();
        expect(gsmLength(text)!, `${kind}: ${text}`).toBeLessThanOrEqual(160);
      }
      // And a long note still goes whole, in three parts at most.
      const note = "Pick at 2NK office".padEnd(200, " and ask for Wanjiru at the counter");
      expect(smsParts(smsText("order_sent", { ...sw, note }))).toBeLessThanOrEqual(3);
    });

    it("says each message in its own words, never the English ones", () => {
      for (const kind of shopperKinds) {
        const english = emailText(kind, longest);
        const swahili = emailText(kind, sw);
        expect(swahili.subject).not.toBe(english.subject);
        expect(swahili.subject).toContain(longest.reference);
        expect(smsText(kind, sw)).not.toBe(smsText(kind, longest));
        for (const phrase of ["order", "payment", "Hello", "Delivery", "Total", "Follow", "See"]) {
          expect(swahili.body, `${kind}: ${phrase}`).not.toMatch(new RegExp(`\\b${phrase}\\b`));
        }
      }
      expect(smsText("payment_confirmed", sw)).toBe(
        "Amani Prints Kenya: tumepokea malipo yako ya KSh 9,999,999 kwa agizo 3F9A1C2B. Lifuatilie: https://amaniprintskenya.co.ke/sw/orders/xxxxxxxxxxxxxxxxxxxxxx",
      );
      const { subject, body } = emailText("payment_confirmed", sw);
      expect(subject).toBe("Agizo 3F9A1C2B: malipo yamepokelewa");
      expect(body).toContain("Habari Wanjiru Nyambura Kamau-Otieno,");
      expect(body).toContain("2 x Zuri Kitenge Wrap Dress (saizi XL): KSh 9,000");
      expect(body).toContain("Usafirishaji (Boda boda): Bure");
      expect(body).toContain("Jumla: KSh 9,999,999");
    });

    it("a refund says whole or part in Kiswahili as well", () => {
      const whole = emailContent("refunded", { ...sw, refund: { amount: 9000, whole: true } });
      const part = emailContent("refunded", { ...sw, refund: { amount: 2500, whole: false } });
      expect(whole.heading).toBe("Pesa za agizo lako zimerudishwa");
      expect(part.heading).toBe("Sehemu ya pesa za agizo lako imerudishwa");
      expect(part.subject).toBe("Agizo 3F9A1C2B: KSh 2,500 zimerudishwa");
    });

    it("the owner's messages stay in English whatever the order's language", () => {
      const ordered = { ...longest, language: "sw" as const };
      expect(smsText("new_paid_order", ordered)).toBe(smsText("new_paid_order", longest));
      expect(emailText("new_paid_order", ordered)).toEqual(emailText("new_paid_order", longest));
    });

    it("'back in stock' speaks the language it was asked in, within one part", () => {
      const alert = {
        shopName: longest.shopName,
        productName: "Zuri Kitenge Wrap Dress",
        size: "XL",
        productUrl: "https://amaniprintskenya.co.ke/product/1234",
      };
      const sw = backInStockSms({ ...alert, language: "sw" });
      expect(sw).toBe(
        "Amani Prints Kenya: Zuri Kitenge Wrap Dress saizi XL inapatikana tena. Tazama: https://amaniprintskenya.co.ke/product/1234",
      );
      expect(backInStockSms({ ...alert, size: "", language: "sw" })).toContain(
        "Zuri Kitenge Wrap Dress inapatikana tena.",
      );
      expect(backInStockSms(alert)).toContain("in size XL is back in stock.");
      expect(gsmLength(sw)!).toBeLessThanOrEqual(160);
    });

    it("every language has words for every kind of message", () => {
      for (const language of LANGUAGES) {
        for (const kind of shopperKinds) {
          const c = emailContent(kind, { ...longest, language });
          for (const part of [c.subject, c.preview, c.heading, c.action.label, ...c.paragraphs]) {
            expect(part.trim(), `${language} ${kind}`).not.toBe("");
            expect(part, `${language} ${kind}`).not.toContain("undefined");
          }
        }
      }
    });
  });
});

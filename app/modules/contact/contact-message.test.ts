import { describe, expect, test } from "vitest";
import { msg } from "~/i18n/messages";
import { whatsappLink } from "./contact-message";
import { parseContactMessage } from "./contact-validation";
import { contactWhatsappText } from "./contact-whatsapp";

describe("contact message", () => {
  test("every field is required, with a message for each", () => {
    const result = parseContactMessage({ name: " ", email: "nope", subject: "", message: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Please enter your name",
        email: "Please enter a valid email address",
        subject: "Please choose a subject",
        message: "Please enter your message",
      },
    });
  });

  test("the WhatsApp text is exactly the spec's, with the subject as shown", () => {
    const result = parseContactMessage({
      name: " Wanjiru ",
      email: "wanjiru@example.co.ke",
      subject: "wholesale",
      message: "Do you sell 50 shukas?",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(contactWhatsappText(result.message)).toBe(
      "*Contact Form Submission*\n\n*Name:* Wanjiru\n*Email:* wanjiru@example.co.ke\n*Subject:* Wholesale Inquiry\n*Message:* Do you sell 50 shukas?",
    );
  });

  test("links go to wa.me with the digits of the number and the encoded text", () => {
    expect(whatsappLink("+254 712-345 678", "Hi & bye?")).toBe(
      "https://wa.me/254712345678?text=Hi%20%26%20bye%3F",
    );
    expect(msg.helpWhatsapp("Amani Prints")).toBe(
      "Hi! I'm interested in learning more about Amani Prints fashion collections.",
    );
  });
});

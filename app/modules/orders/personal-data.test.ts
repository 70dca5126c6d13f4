import { describe, expect, test } from "vitest";
import {
  inPackingSteps,
  maskEmail,
  maskedCustomer,
  maskPhone,
  maskRecipient,
} from "./personal-data";

describe("customers' details as staff see them", () => {
  test("a phone keeps its first two and last three digits, an email its first letter and domain", () => {
    expect(maskPhone("254712345678")).toBe("07•• ••• 678");
    expect(maskPhone("254110345678")).toBe("01•• ••• 678");
    expect(maskPhone("+1 555 0100")).toBe("••• 100");
    expect(maskEmail("wanjiru@example.co.ke")).toBe("w•••@example.co.ke");
    expect(maskEmail("")).toBe("");
    expect(maskRecipient("wanjiru@example.co.ke")).toBe("w•••@example.co.ke");
    expect(maskRecipient("254712345678")).toBe("07•• ••• 678");
  });

  test("the address and notes are hidden, the name and town kept", () => {
    const masked = maskedCustomer({
      name: "Wanjiru Kamau",
      phone: "254712345678",
      email: "wanjiru@example.co.ke",
      address: "Ngong Road 12",
      city: "Nairobi",
      notes: "Call 0722 000 111 at the gate",
    });
    expect(masked).toEqual({
      name: "Wanjiru Kamau",
      phone: "07•• ••• 678",
      email: "w•••@example.co.ke",
      address: "•••",
      city: "Nairobi",
      notes: "•••",
      masked: true,
    });
    expect(JSON.stringify(masked)).not.toMatch(/0722|Ngong|345/);
  });

  test("the packing steps: paid and not yet delivered or collected", () => {
    const order = (
      paid: boolean,
      status: string,
      state: Parameters<typeof inPackingSteps>[0]["fulfilment"]["state"],
    ) => inPackingSteps({ paid, status, fulfilment: { state } });
    expect(order(true, "Completed", null)).toBe(true);
    expect(order(true, "Completed", "to_pack")).toBe(true);
    expect(order(true, "Completed", "ready_for_pickup")).toBe(true);
    expect(order(true, "Completed", "sent")).toBe(true);
    expect(order(true, "Completed", "delivered")).toBe(false);
    expect(order(true, "Completed", "collected")).toBe(false);
    expect(order(false, "Pending", null)).toBe(false);
    expect(order(true, "Failed", "to_pack")).toBe(false);
  });
});

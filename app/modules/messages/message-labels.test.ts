import { describe, expect, test } from "vitest";
import { messageStateLabel } from "./message-labels";

describe("messageStateLabel", () => {
  test("a message the built-in outbox took reached nobody: 'Kept in the outbox', not 'Sent'", () => {
    expect(messageStateLabel("sent", "outbox")).toBe("Kept in the outbox");
    expect(messageStateLabel("sent", "africastalking")).toBe("Sent");
    expect(messageStateLabel("failed", "outbox")).toBe("Failed");
    expect(messageStateLabel("queued", null)).toBe("Waiting to be sent");
  });
});

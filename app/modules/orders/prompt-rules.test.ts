import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  minutesToWait,
  PROMPT_WINDOW_MS,
  PROMPTS_PER_NUMBER,
  promptRefusal,
  type SentPrompt,
} from "./prompt-rules";

const EXPIRES = 3 * 60_000;
const now = new Date("2026-12-01T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const prompt = (orderId: string, state: SentPrompt["state"], msAgo: number): SentPrompt => ({
  orderId,
  state,
  createdAt: ago(msAgo),
});

describe("prompts to one M-Pesa number", () => {
  test("a number nobody asked goes through", () => {
    expect(promptRefusal([], "a", now, EXPIRES)).toBeNull();
  });

  test("another order's prompt still on the phone blocks the next, open or replaced", () => {
    expect(promptRefusal([prompt("b", "open", 30_000)], "a", now, EXPIRES)).toEqual({
      reason: "open",
    });
    expect(promptRefusal([prompt("b", "replaced", 30_000)], "a", now, EXPIRES)).toEqual({
      reason: "open",
    });
    // A checkout with no order yet is blocked alike.
    expect(promptRefusal([prompt("b", "open", 30_000)], null, now, EXPIRES)).toEqual({
      reason: "open",
    });
  });

  test("the order's own open prompt does not block 'Send the prompt again'", () => {
    expect(promptRefusal([prompt("a", "open", 10_000)], "a", now, EXPIRES)).toBeNull();
  });

  test("an ended or expired prompt of another order no longer blocks", () => {
    expect(promptRefusal([prompt("b", "failed", 10_000)], "a", now, EXPIRES)).toBeNull();
    expect(promptRefusal([prompt("b", "open", EXPIRES + 1)], "a", now, EXPIRES)).toBeNull();
  });

  test("the hour's third prompt is the last; the next waits until the oldest of them is an hour old", () => {
    const sent = [
      prompt("a", "failed", 50 * 60_000),
      prompt("b", "failed", 20 * 60_000),
      prompt("a", "failed", 5 * 60_000),
    ];
    expect(promptRefusal(sent.slice(1), "a", now, EXPIRES)).toBeNull();
    expect(promptRefusal(sent, "a", now, EXPIRES)).toEqual({
      reason: "hourly",
      retryAfterMs: 10 * 60_000,
    });
    // Prompts older than the hour do not count.
    expect(
      promptRefusal([...sent.slice(1), prompt("c", "paid", 61 * 60_000)], "a", now, EXPIRES),
    ).toBeNull();
  });

  test("whatever is asked, in whatever order, no hour ever holds more than the limit", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 4 * PROMPT_WINDOW_MS }),
            order: fc.constantFrom("a", "b", "c"),
            ends: fc.boolean(),
          }),
          { maxLength: 60 },
        ),
        (asks) => {
          const sent: SentPrompt[] = [];
          for (const ask of [...asks].sort((x, y) => x.at - y.at)) {
            const when = new Date(ask.at);
            if (promptRefusal(sent, ask.order, when, EXPIRES)) continue;
            // The order's earlier open prompt is replaced, as a new attempt replaces it.
            for (const p of sent)
              if (p.orderId === ask.order && p.state === "open") p.state = "replaced";
            sent.push({ orderId: ask.order, state: ask.ends ? "failed" : "open", createdAt: when });
          }
          for (const p of sent) {
            const start = p.createdAt.getTime();
            const within = sent.filter(
              (q) =>
                q.createdAt.getTime() >= start && q.createdAt.getTime() < start + PROMPT_WINDOW_MS,
            );
            expect(within.length).toBeLessThanOrEqual(PROMPTS_PER_NUMBER);
          }
        },
      ),
    );
  });

  test("minutes to wait are whole and at least one", () => {
    expect(minutesToWait(0)).toBe(1);
    expect(minutesToWait(61_000)).toBe(2);
    expect(minutesToWait(10 * 60_000)).toBe(10);
  });
});

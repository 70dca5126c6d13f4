import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FULFILMENT_STATES,
  fulfilmentPath,
  nextFulfilmentStates,
  previousFulfilmentState,
} from "./fulfilment-rules";

describe("fulfilment steps", () => {
  it("pickup orders go to pack, ready for pickup, collected; the others to pack, sent, delivered", () => {
    expect(fulfilmentPath("pickup")).toEqual(["to_pack", "ready_for_pickup", "collected"]);
    expect(fulfilmentPath("matatu")).toEqual(["to_pack", "sent", "delivered"]);
    expect(fulfilmentPath("rider")).toEqual(["to_pack", "sent", "delivered"]);
  });

  it("moves forward only, and never off its own path", () => {
    expect(nextFulfilmentStates("matatu", "to_pack")).toEqual(["sent"]);
    expect(nextFulfilmentStates("matatu", "sent")).toEqual(["delivered"]);
    expect(nextFulfilmentStates("matatu", "delivered")).toEqual([]);
    expect(nextFulfilmentStates("pickup", "sent")).toEqual([]);
    expect(nextFulfilmentStates("pickup", "ready_for_pickup")).toEqual(["collected"]);
  });

  it("an order paid before fulfilment existed may start at any step of its path", () => {
    expect(nextFulfilmentStates("rider", null)).toEqual(["to_pack", "sent", "delivered"]);
  });

  it("whatever the method and the step, the next step is the one right after it, and 'Undo' comes back", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("pickup", "matatu", "rider", "unknown"),
        fc.constantFrom(...FULFILMENT_STATES),
        (method, state) => {
          const path = fulfilmentPath(method);
          for (const next of nextFulfilmentStates(method, state)) {
            expect(path.indexOf(next)).toBe(path.indexOf(state) + 1);
            expect(previousFulfilmentState(method, next)).toBe(state);
          }
        },
      ),
    );
    expect(previousFulfilmentState("pickup", "to_pack")).toBeNull();
  });
});

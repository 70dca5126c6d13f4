import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FULFILMENT_STATES, fulfilmentPath, nextFulfilmentStates } from "./fulfilment-rules";

describe("fulfilment steps", () => {
  it("pickup orders go to pack, ready for pickup, collected; the others to pack, sent, delivered", () => {
    expect(fulfilmentPath("pickup")).toEqual(["to_pack", "ready_for_pickup", "collected"]);
    expect(fulfilmentPath("matatu")).toEqual(["to_pack", "sent", "delivered"]);
    expect(fulfilmentPath("rider")).toEqual(["to_pack", "sent", "delivered"]);
  });

  it("moves forward only, and never off its own path", () => {
    expect(nextFulfilmentStates("matatu", "to_pack")).toEqual(["sent", "delivered"]);
    expect(nextFulfilmentStates("matatu", "delivered")).toEqual([]);
    expect(nextFulfilmentStates("pickup", "sent")).toEqual([]);
    expect(nextFulfilmentStates("pickup", "ready_for_pickup")).toEqual(["collected"]);
  });

  it("an order paid before fulfilment existed may start at any step of its path", () => {
    expect(nextFulfilmentStates("rider", null)).toEqual(["to_pack", "sent", "delivered"]);
  });

  it("whatever the method and the step, the next steps come later on the same path", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("pickup", "matatu", "rider", "unknown"),
        fc.constantFrom(...FULFILMENT_STATES),
        (method, state) => {
          const path = fulfilmentPath(method);
          for (const next of nextFulfilmentStates(method, state)) {
            expect(path.indexOf(next)).toBeGreaterThan(path.indexOf(state));
          }
        },
      ),
    );
  });
});

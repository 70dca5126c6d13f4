import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  isProxyEntry,
  normaliseProxyEntry,
  publicAddressesTrusted,
  trustsTooMany,
} from "./proxy-ranges";

describe("TRUST_PROXY's ranges", () => {
  test("IPv4-mapped entries read as IPv4", () => {
    expect(normaliseProxyEntry("::ffff:0.0.0.0/96")).toBe("0.0.0.0/0");
    expect(normaliseProxyEntry("::FFFF:10.1.2.3")).toBe("10.1.2.3");
    expect(normaliseProxyEntry("::ffff:10.0.0.0/104")).toBe("10.0.0.0/8");
    expect(normaliseProxyEntry("2001:db8::/32")).toBe("2001:db8::/32");
    expect(isProxyEntry(normaliseProxyEntry("::ffff:0.0.0.0/96"))).toBe(false);
  });

  test("counts the public addresses once, whichever way they are written", () => {
    expect(publicAddressesTrusted(["203.0.113.0/24"]).v4).toBe(256n);
    expect(publicAddressesTrusted(["203.0.113.0/24", "203.0.113.7"]).v4).toBe(256n);
    expect(publicAddressesTrusted(["::ffff:203.0.113.0/120"]).v4).toBe(256n);
    expect(publicAddressesTrusted(["10.0.0.0/8", "loopback"]).v4).toBe(0n);
    // Hex spelling of the mapped block is every IPv4 address but the local ones.
    expect(trustsTooMany(["::ffff:0:0/96"])).toBe(true);
    expect(trustsTooMany(["::/8"])).toBe(true);
    expect(trustsTooMany(["11.0.0.0/8"])).toBe(false);
    expect(trustsTooMany(["11.0.0.0/8", "12.0.0.0/8"])).toBe(true);
    expect(trustsTooMany(["2001:db8::/32", "fd00::/8"])).toBe(false);
  });

  test("a range counts as much as its two halves listed apart (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 8, max: 31 }),
        (n, p) => {
          const ip = (value: number) =>
            [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join(".");
          const size = 2 ** (32 - p);
          const start = Math.floor(n / size) * size;
          const whole = publicAddressesTrusted([`${ip(start)}/${p}`]);
          const halves = publicAddressesTrusted([
            `${ip(start + size / 2)}/${p + 1}`,
            `${ip(start)}/${p + 1}`,
          ]);
          expect(halves).toEqual(whole);
          expect(whole.v4).toBeLessThanOrEqual(BigInt(size));
        },
      ),
    );
  });
});

import { describe, expect, it } from "vitest";
import type { CatalogueChanges } from "~/db/catalogue-changes.server";
import { keptUntilChange } from "./kept-until-change.server";

function catalogue() {
  let version = 0;
  const changes: CatalogueChanges = {
    version: () => version,
    onChange: () => () => {},
    close: async () => {},
  };
  return { changes, change: () => version++ };
}

describe("keptUntilChange", () => {
  it("reads once per key until the catalogue changes, then again", async () => {
    const { changes, change } = catalogue();
    const kept = keptUntilChange<string>(10);
    let reads = 0;
    const read = async () => `read ${++reads}`;
    expect(await kept(changes, "a", read)).toBe("read 1");
    expect(await kept(changes, "a", read)).toBe("read 1");
    expect(await kept(changes, "b", read)).toBe("read 2");
    change();
    expect(await kept(changes, "a", read)).toBe("read 3");
    expect(await kept(changes, "a", read)).toBe("read 3");
  });

  it("keeps at most its limit, dropping the least recently used", async () => {
    const { changes } = catalogue();
    const kept = keptUntilChange<number>(2);
    const reads: string[] = [];
    const read = (key: string) => async () => reads.push(key);
    await kept(changes, "a", read("a"));
    await kept(changes, "b", read("b"));
    await kept(changes, "a", read("a")); // used: 'b' is now the oldest
    await kept(changes, "c", read("c")); // drops 'b'
    await kept(changes, "a", read("a"));
    await kept(changes, "b", read("b"));
    expect(reads).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps each database's values apart, and nothing when the read fails", async () => {
    const one = catalogue();
    const other = catalogue();
    const kept = keptUntilChange<string>(10);
    await kept(one.changes, "a", async () => "one");
    expect(await kept(other.changes, "a", async () => "other")).toBe("other");
    await expect(
      kept(one.changes, "x", async () => {
        throw new Error("down");
      }),
    ).rejects.toThrow("down");
    expect(await kept(one.changes, "x", async () => "up")).toBe("up");
  });
});

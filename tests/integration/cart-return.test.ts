import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema";
import { action as cartPage } from "~/routes/storefront/cart";
import type { Services } from "~/services.server";
import { databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";

/** Where a cart form posted without JavaScript sends the browser back to. */
async function redirectAfter(services: Services, fields: Record<string, string>) {
  try {
    await cartPage(
      routeArgs(
        services,
        new Request("http://localhost:3000/cart", {
          method: "POST",
          headers: { Origin: "http://localhost:3000" },
          body: new URLSearchParams(fields),
        }),
      ),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
  throw new Error("The cart form did not redirect.");
}

describe.each(databases)("the cart's way back after a form post, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle);
    await handle.db.insert(products).values({
      id: "9201",
      name: "Kito Ankara Tote Bag",
      description: "A tote.",
      category: "accessories",
      price: 600,
      sizes: [],
    });
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const add = (returnTo: string) =>
    redirectAfter(services, { intent: "add", productId: "9201", returnTo });

  test("goes back to the shop's own page it came from", async () => {
    expect(await add("/shop?category=accessories")).toBe("/shop?category=accessories");
    expect(await add("/product/9201")).toBe("/product/9201");
  });

  test.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "//evil.example",
    "https://evil.example/",
  ])("never to another site: %j goes to the cart", async (returnTo) => {
    const location = await add(returnTo);
    expect(location).toBe("/cart");
    // What a browser makes of the Location header stays on this shop.
    expect(new URL(location!, "http://localhost:3000").origin).toBe("http://localhost:3000");
  });
});

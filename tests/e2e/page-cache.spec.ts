import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { madeToOrder } from "./catalogue";
import {
  addProduct,
  backOfficeURL,
  expect,
  ksh,
  logInAsOwner,
  photo,
  shopperPhone,
  test,
} from "./fixtures";

// Storefront pages are kept in memory, for every visitor, with each shopper's own parts (the cart
// button, a one-time message, the cart's data) filled into each answer (server/page-cache.ts).
// These specs prove what a kept page may never do: carry one visitor's cart, message or nonce to
// another, or outlive a change the owner made.

const unsized = madeToOrder.find((p) => p.sizes.length === 0)!;

/**
 * A visitor with no cookies at all, as a first visit or a crawler arrives, from an address of
 * its own (the suite's server trusts one proxy, whose header this is): per-address limits such as
 * the checkout's never make one visitor pay for another's.
 */
const newVisitor = (
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  baseURL: string,
) =>
  playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.254.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
    },
  });

async function page(visitor: APIRequestContext, path: string) {
  const response = await visitor.get(path, { headers: { "accept-encoding": "br, gzip" } });
  const html = await response.text();
  return { response, html, nonces: new Set(html.match(/nonce="[^"]+"/g)) };
}

/**
 * The page as kept for everyone: asked for until an answer comes from memory. Other specs change
 * the same shop meanwhile (a checkout's hold drops every kept page), so the first answer after
 * one is rendered afresh.
 */
async function keptPage(visitor: APIRequestContext, path: string) {
  for (let tries = 0; tries < 20; tries++) {
    const answer = await page(visitor, path);
    if (answer.response.headers()["x-page-cache"] === "hit") return answer;
  }
  throw new Error(`${path} was never answered from memory.`);
}

const scriptNonce = (response: APIResponse) =>
  /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];

test.describe("Pages kept for every visitor", () => {
  test("answer each visitor with their own nonce and never another visitor's cart", async ({
    page: shopper,
    playwright,
    baseURL,
  }) => {
    const visitor = await newVisitor(playwright, baseURL!);
    const path = `/product/${unsized.id}`;
    const [one, two] = [await keptPage(visitor, path), await keptPage(visitor, path)];
    for (const answer of [one, two]) {
      // Every script's nonce is the one the header names, and no two answers share one.
      expect([...answer.nonces]).toEqual([`nonce="${scriptNonce(answer.response)}"`]);
    }
    expect(scriptNonce(one.response)).not.toBe(scriptNonce(two.response));

    // A shopper puts the piece in their cart: the same kept page, with their cart in it.
    await shopper.goto(path);
    await shopper.getByRole("button", { name: "Add to Cart" }).click();
    await expect(shopper.getByText("Added to cart!")).toBeVisible();
    const theirs = await shopper.request.get(path);
    expect(theirs.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    expect(await theirs.text()).toContain('aria-label="Cart, 1 item"');
    // With JavaScript the page takes over with the same cart: its count, then its drawer.
    await shopper.goto(path);
    await expect(shopper.getByTestId("cart-badge")).toHaveText("1");
    await shopper.getByTestId("cart-button").click();
    await expect(shopper.getByRole("dialog")).toContainText(unsized.name);

    // The next visitor without cookies still gets the page as it is for everyone.
    const after = await keptPage(visitor, path);
    expect(after.html).toContain('aria-label="Cart, 0 items"');
    await visitor.dispose();
  });

  test("shoppers asking at once each get their own cart count and nonce, never another's", async ({
    playwright,
    baseURL,
  }) => {
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, () => newVisitor(playwright, baseURL!)),
    );
    // Shopper i has i + 1 pieces in the cart.
    for (const [i, shopper] of shoppers.entries()) {
      const added = await shopper.post("/cart", {
        form: { intent: "add", productId: unsized.id, quantity: String(i + 1), returnTo: "/shop" },
        headers: { Origin: baseURL! },
      });
      expect(added.ok()).toBe(true);
    }
    const path = `/product/${unsized.id}`;
    await keptPage(shoppers[0]!, path);
    const answers = await Promise.all(
      shoppers.flatMap((shopper) => [page(shopper, path), page(shopper, path)]),
    );
    answers.forEach((answer, n) => {
      const count = Math.floor(n / 2) + 1;
      expect(answer.html).toContain(
        `aria-label="Cart, ${count} ${count === 1 ? "item" : "items"}"`,
      );
      expect(answer.html.match(/aria-label="Cart, \d+ items?"/g)).toHaveLength(1);
      expect(answer.html).toContain(`"count":${count},`);
    });
    const nonces = answers.map((a) => scriptNonce(a.response));
    expect(new Set(nonces).size).toBe(answers.length);
    await Promise.all(shoppers.map((s) => s.dispose()));
  });
});

test.describe("An owner's change", () => {
  test.use({ baseURL: backOfficeURL });

  async function addThroughTheForm(owner: Page, name: string) {
    await owner.getByText("Add New Product").click();
    const add = owner.getByRole("form", { name: "Add New Product" });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Original price (KSh, optional)").fill("2800");
    await add.getByLabel("Current price (KSh)").fill("2400");
    await add.getByLabel("Description").fill("A kitenge wrap for the page cache's spec.");
    await add.getByLabel("Images").setInputFiles([await photo("front.png", "png", 30)]);
    await add.getByRole("button", { name: "Add Product" }).click();
    await expect(owner.getByText("Product added.")).toBeVisible();
    const search = await owner.request.get(`/shop?${new URLSearchParams({ q: name })}`);
    return `/product/${/href="\/product\/(\d+)"/.exec(await search.text())![1]}`;
  }

  test("shows on the very next request of a visitor without cookies, and of a shopper with a cart", async ({
    page: owner,
    playwright,
  }, testInfo) => {
    test.slow();
    const name = `Cache Wrap ${testInfo.project.name} ${Date.now().toString(36)}`;
    await logInAsOwner(owner);
    const path = await addThroughTheForm(owner, name);
    const visitor = await newVisitor(playwright, backOfficeURL);
    const before = await keptPage(visitor, path);
    expect(before.html).toContain(ksh(2400));
    // A shopper with a cart gets the same kept page with their cart filled in: the same change
    // must reach them as quickly.
    const shopper = await newVisitor(playwright, backOfficeURL);
    const added = await shopper.post("/cart", {
      form: { intent: "add", productId: unsized.id, quantity: "1", returnTo: "/shop" },
      headers: { Origin: backOfficeURL },
    });
    expect(added.ok()).toBe(true);
    const theirs = async () => {
      const answer = await page(shopper, path);
      expect(answer.html).toContain('aria-label="Cart, 1 item"');
      return answer.html;
    };
    expect(await theirs()).toContain(ksh(2400));
    expect(await theirs()).toContain(ksh(2400));

    // A new price: the next answer has it.
    await owner.goto(`/admin?${new URLSearchParams({ q: name })}`);
    const row = owner.getByTestId("admin-product").filter({ hasText: name });
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = owner.getByRole("dialog", { name: "Edit Product" });
    await edit.getByLabel("Current price (KSh)").fill("1900");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    const repriced = await page(visitor, path);
    expect(repriced.html).toContain(ksh(1900));
    expect(repriced.html).not.toContain(ksh(2400));
    const repricedForShopper = await theirs();
    expect(repricedForShopper).toContain(ksh(1900));
    expect(repricedForShopper).not.toContain(ksh(2400));

    // Hidden: gone on the next request.
    await row.getByRole("button", { name: /^Available/ }).click();
    await expect(row.getByRole("button", { name: /^Hidden/ })).toBeVisible();
    expect((await visitor.get(path)).status()).toBe(404);
    expect((await shopper.get(path)).status()).toBe(404);
    await Promise.all([visitor.dispose(), shopper.dispose()]);
  });

  test("a checkout holding the last piece shows on the very next request of a visitor without cookies", async ({
    page: owner,
    playwright,
  }, testInfo) => {
    await logInAsOwner(owner);
    const name = `Cache Last Piece ${testInfo.project.name} ${Date.now().toString(36)}`;
    const id = await addProduct(owner, backOfficeURL, {
      name,
      category: "dresses",
      price: 2500,
      sizes: ["M", "L"],
      stock: { M: 1, L: 0 },
    });
    const visitor = await newVisitor(playwright, backOfficeURL);
    const path = `/product/${id}`;
    const before = await keptPage(visitor, path);
    // React marks where text and a value meet: 'Only <!-- -->1<!-- --> left'.
    const lastPiece = /Only (<!-- -->)?1(<!-- -->)? left/;
    expect(before.html).toMatch(lastPiece);
    expect(before.html).toContain("Add to Cart");

    // Another shopper checks out the last piece: the unit is held while the payment is open.
    const shopper = await newVisitor(playwright, backOfficeURL);
    const checkout = await shopper.post("/api/checkout", {
      headers: { "Content-Type": "application/json" },
      data: {
        data: {
          items: [{ id, quantity: 1, size: "M" }],
          checkoutData: {
            name: "Akinyi Otieno",
            phone: shopperPhone(),
            email: "akinyi@example.co.ke",
            deliveryMethod: "pickup",
          },
          total: 2500,
        },
      },
    });
    expect(checkout.status()).toBe(200);

    const after = await page(visitor, path);
    // Sold out in every size: no 'Only 1 left', and 'Sold out' instead of Add to Cart.
    expect(after.html).not.toMatch(lastPiece);
    expect(after.html).not.toContain("Add to Cart");
    await Promise.all([visitor.dispose(), shopper.dispose()]);
  });
});

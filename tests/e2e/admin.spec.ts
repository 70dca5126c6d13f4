import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { readablePhone } from "../../app/terms/phone";
import { madeToOrder } from "./catalogue";
import {
  addProduct,
  backOfficeURL,
  expect,
  expectAccessible,
  fillCheckout,
  holdRequests,
  intlPhone,
  logInAsOwner,
  OWNER,
  payOnPesapal,
  shopperPhone,
  test,
} from "./fixtures";

// The back office's own shop: what these specs add, hide and change never reaches the
// storefront specs' counts.
test.use({ baseURL: backOfficeURL });

/**
 * An order to manage: placed through the shop and left pending on the payment page. Answers the
 * payment page's address (the only handle on the payment) and the payment's tracking id.
 */
async function placePendingOrder(page: Page, customer: string) {
  await page.goto(`/product/${madeToOrder.find((p) => p.sizes.length === 0)!.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!")).toBeVisible();
  await page.goto("/cart");
  await fillCheckout(page, { name: customer, email: "otieno@example.co.ke" });
  await payOnPesapal(page);
  await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
  const payUrl = page.url();
  const trackingId = new URL(payUrl).pathname.split("/").at(-2)!;
  await page.getByRole("button", { name: "Leave pending" }).click();
  await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
  return { payUrl, trackingId };
}

/** Where a customer's order stands among the pending orders in the given sort, across pages. */
async function pendingPosition(page: Page, customer: string, sort: "newest" | "oldest") {
  const other = page.getByRole("region", { name: /^Other Orders \(\d+\)$/ });
  for (let p = 1; p < 100; p++) {
    await page.goto(`/admin/orders?status=Pending&sort=${sort}&otherPage=${p}`);
    const rows = await other.getByTestId("order-row").allTextContents();
    if (rows.length === 0) break;
    const index = rows.findIndex((text) => text.includes(customer));
    if (index >= 0) return (p - 1) * 20 + index;
  }
  throw new Error(`${customer}'s order is not listed`);
}

test.describe("Admin login", () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("/admin without a session goes to /login; wrong then right credentials; logout", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expectAccessible(page, "login");

    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Wrong email/password");
    await expect(page.getByLabel("Email")).toHaveValue(OWNER.email);

    const login = await holdRequests(page, /\/login\.data/);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    login.release();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    for (const label of ["Total Revenue", "Total Orders", "Total Products", "Completed Orders"]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    // Other tests add products meanwhile: the card must agree with the list's own count (read
    // again if a product was added between the two queries).
    await expect(async () => {
      const listed = (await page.getByText(/^\d+ products$/).textContent())!.split(" ")[0];
      const card = await page.getByTestId("stat-Total Products").textContent();
      if (card !== listed) await page.reload();
      expect(card).toBe(listed);
    }).toPass();
    await expect(page.getByTestId("stat-Total Revenue")).toHaveText(/^KSh [\d,]+$/);
    // The 30-day chart: its total never exceeds the all-time revenue card's.
    const recent = await page.getByTestId("revenue-30-days").textContent();
    // Bars when something sold in the window, a sentence when nothing did.
    await expect(
      recent?.startsWith("KSh 0 ")
        ? page.getByText("No completed orders in the last 30 days yet.")
        : page.getByRole("img", { name: /^Revenue per day from / }),
    ).toBeVisible();
    expect(recent).toMatch(/^KSh [\d,]+ from \d+ completed orders?$/);
    const shillings = (text: string | null) =>
      Number(text!.match(/KSh ([\d,]+)/)![1]!.replace(/,/g, ""));
    expect(shillings(recent)).toBeLessThanOrEqual(
      shillings(await page.getByTestId("stat-Total Revenue").textContent()),
    );
    await expectAccessible(page, "dashboard");

    // A signed-in admin visiting /login is sent to the dashboard.
    await page.goto("/login");
    await expect(page).toHaveURL("/admin");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/admin");
    await expect(page).toHaveURL("/login");
  });
});

test.describe("Dashboard", () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test.beforeEach(async ({ page }) => {
    await logInAsOwner(page);
  });

  test("orders: sections, filter, details, and a status change that says 'Updating...'", async ({
    page,
  }, testInfo) => {
    // Each test places its own order, under its own name.
    const device = testInfo.project.name === "phone" ? "Simu" : "Tarakilishi";
    const customer = `Otieno ${device} ${Date.now().toString(36)}`;
    await placePendingOrder(page, customer);

    // The orders tab's address from before it was a page of its own still leads to it.
    await page.goto("/admin?tab=orders&status=Pending");
    await expect(page).toHaveURL("/admin/orders?status=Pending");
    await expect(page.getByRole("link", { name: "View Orders" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: "Completed Orders (0)" })).toBeVisible();
    await expect(page.getByText("No completed orders yet")).toBeVisible();
    await expect(page.getByText("No failed orders")).toBeVisible();
    const other = page.getByRole("region", { name: /^Other Orders \(\d+\)$/ });
    const row = other.getByTestId("order-row").filter({ hasText: customer }).first();
    // The number as people write it, not as it is stored.
    await expect(row).toContainText(readablePhone(intlPhone(shopperPhone())));
    await expect(row).toContainText("otieno@example.co.ke");
    await expect(row.getByText(/^[0-9A-F]{8}\.\.\.$/)).toBeVisible();
    await expectAccessible(page, "orders tab");

    await row.getByRole("link", { name: /View details/ }).click();
    const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await expect(details.getByTestId("status-badge")).toHaveText("Pending");
    await expect(details).toContainText(customer);
    // No payment notification yet: the spec's 'N/A'.
    await expect(details).toContainText("Payment methodN/A");
    await expect(details).toContainText("Delivery fee");
    // Nothing to pack before it is paid.
    await expect(details.getByRole("link", { name: /Packing slip/ })).toHaveCount(0);
    await expectAccessible(page, "order details");
    // The order's own page, linkable: back to the list.
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    await details.getByRole("link", { name: "Back to orders" }).click();
    await expect(page).toHaveURL("/admin/orders?status=Pending");

    const saving = await holdRequests(
      page,
      /\/admin\/orders\.data/,
      (request) => request.method() === "POST",
    );
    // Nobody paid for it: the owner is asked first, and 'Cancel' keeps it as it was.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await row.getByRole("combobox").selectOption("Shipped");
    await expect
      .poll(() => asked)
      .toEqual(["This order has no confirmed payment. Mark it Shipped anyway?"]);
    await expect(row.getByRole("combobox")).toHaveValue("Pending");
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("combobox").selectOption("Shipped");
    await expect(row.getByRole("combobox")).toBeDisabled();
    await expect(row.getByRole("combobox")).toHaveText("Updating...");
    saving.release();
    // Saved, it leaves the Pending list.
    await expect(other.getByTestId("order-row").filter({ hasText: customer })).toHaveCount(0);
    await page.goto("/admin/orders?status=Shipped");
    const shipped = page.getByTestId("order-row").filter({ hasText: customer }).first();
    await expect(shipped.getByRole("combobox")).toHaveValue("Shipped");

    // The timeline says what happened and which admin changed the status.
    await shipped.getByRole("link", { name: /View details/ }).click();
    const timeline = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ }).getByRole("list", {
      name: "Timeline",
    });
    await expect(timeline).toContainText("Order placed");
    await expect(timeline).toContainText("Sent to Pesapal for payment");
    await expect(timeline).toContainText("Status changed from Pending to Shipped");
    await expect(timeline).toContainText(`by ${OWNER.email}`);
    await page.goto("/admin/orders?status=Shipped");

    // The CSV holds the orders the filter shows, this one included, with its real values.
    // Named for the Nairobi day (read before and after, in case midnight falls between).
    const nairobiToday = () =>
      new Intl.DateTimeFormat("sv-SE", { timeZone: "Africa/Nairobi" }).format(new Date());
    const dayBefore = nairobiToday();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect([dayBefore, nairobiToday()].map((day) => `orders-shipped-${day}.csv`)).toContain(
      download.suggestedFilename(),
    );
    const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const [header, ...lines] = csv.trimEnd().split("\r\n");
    expect(header).toBe(
      "Order ID,Date (Nairobi),Status,Customer,Phone,Email,Delivery method,Pickup location,Address,City,Items,Subtotal,Discount code,Discount,Delivery fee,Amount,Refunded,Currency,Payment method,Confirmation code,Payment provider,Payment reversed",
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.split(",")[2]).toBe("Shipped");
    const mine = lines.find((l) => l.includes(customer));
    expect(mine).toMatch(
      new RegExp(`,${customer},${intlPhone(shopperPhone())},otieno@example\\.co\\.ke,pickup,`),
    );
    expect(mine).toMatch(/,KES,N\/A,,Pesapal,No$/);
  });

  test("a payment reversed after it completed shows as 'Payment reversed' among failed orders", async ({
    page,
    request,
  }, testInfo) => {
    const customer = `Achieng Rudisha ${testInfo.project.name} ${Date.now().toString(36)}`;
    const { payUrl, trackingId } = await placePendingOrder(page, customer);
    for (const action of ["complete", "reverse"]) {
      const answer = await request.post(`${payUrl}/${action}`, {
        headers: { Origin: new URL(payUrl).origin },
      });
      expect(answer.status()).toBe(200);
      // Each outcome reaches the shop by its IPN; the page asks too.
      await page.goto(`/order-success?OrderTrackingId=${trackingId}`);
    }
    await expect(
      page.getByRole("heading", { name: "Your payment did not go through" }),
    ).toBeVisible();

    await page.goto("/admin?tab=orders&status=Failed");
    const failed = page.getByRole("region", { name: /^Failed Orders \(\d+\)$/ });
    const row = failed.getByTestId("order-row").filter({ hasText: customer });
    await expect(row.getByTestId("payment-reversed")).toHaveText("Payment reversed");
    await row.getByRole("link", { name: /View details/ }).click();
    const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await expect(details.getByTestId("status-badge")).toHaveText("Failed");
    await expect(details.getByTestId("payment-reversed")).toHaveText("Payment reversed");
    await expect(details.getByRole("list", { name: "Timeline" })).toContainText("Payment reversed");
  });

  test("orders: 'Newest First' by default, 'Oldest First' on request; a refused change says 'Failed to update order status.'", async ({
    page,
  }, testInfo) => {
    test.slow();
    const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
    const earlier = `Akinyi Kwanza ${tag}`;
    const later = `Akinyi Pili ${tag}`;
    await placePendingOrder(page, earlier);
    await placePendingOrder(page, later);

    await page.goto("/admin/orders?status=Pending");
    const sort = page.getByLabel("Sort");
    await expect(sort.locator("option:checked")).toHaveText("Newest First");
    expect(await pendingPosition(page, later, "newest")).toBeLessThan(
      await pendingPosition(page, earlier, "newest"),
    );
    await page.getByLabel("Sort").selectOption({ label: "Oldest First" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/sort=oldest/);
    await expect(page.getByLabel("Sort").locator("option:checked")).toHaveText("Oldest First");
    expect(await pendingPosition(page, earlier, "oldest")).toBeLessThan(
      await pendingPosition(page, later, "oldest"),
    );

    // The server refuses a status it does not know, as it would any failed save.
    await page.goto("/admin/orders?status=Pending");
    await page.route(/\/admin\/orders\.data/, async (route) => {
      const body = route.request().postData();
      if (route.request().method() !== "POST" || !body) return route.continue();
      await route.continue({ postData: body.replace(/status=\w+/, "status=Lost") });
    });
    const row = page.getByTestId("order-row").filter({ hasText: earlier });
    await row.getByRole("combobox").selectOption("Processing");
    await expect(row.getByRole("alert")).toHaveText("Failed to update order status.");
    await expect(row.getByRole("combobox")).toHaveValue("Pending");
    await expectAccessible(page, "failed status change");
  });

  test(
    "on a phone the lists read as cards, nothing is wider than the screen, and every control takes a thumb",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "phone", "the phone's layout");
      const customer = `Wairimu Simu ${Date.now().toString(36)}`;
      await placePendingOrder(page, customer);
      const width = page.viewportSize()!.width;

      /** Every shown control in `scope` is on the screen and at least 44 px tall (and wide). */
      const thumbSized = async (scope: Locator, what: string) => {
        const controls = scope
          .locator(
            "a, button, select, textarea, summary, input:not([type=hidden], [type=checkbox], .sr-only), label:has(input[type=checkbox])",
          )
          // A size's pieces field shows once the size is chosen.
          .filter({ visible: true });
        const count = await controls.count();
        expect(count, `${what}: controls`).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const name = `${what}: ${await controls.nth(i).evaluate((e) => e.outerHTML.slice(0, 80))}`;
          const box = (await controls.nth(i).boundingBox())!;
          expect(box.height, name).toBeGreaterThanOrEqual(44);
          expect(box.width, name).toBeGreaterThanOrEqual(44);
          expect(box.x, name).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, name).toBeLessThanOrEqual(width);
        }
      };
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

      await page.goto("/admin");
      expect(await pageWidth()).toBeLessThanOrEqual(width);
      const product = page.getByTestId("admin-product").first();
      await thumbSized(product, "product card");
      await thumbSized(page.getByRole("search"), "product search");
      await thumbSized(page.getByRole("navigation", { name: "Product pages" }), "product pages");
      await page.getByText("Add New Product").click();
      await thumbSized(page.getByRole("form", { name: "Add New Product" }), "add product form");

      await page.goto(`/admin/orders?${new URLSearchParams({ q: customer })}`);
      expect(await pageWidth()).toBeLessThanOrEqual(width);
      const order = page.getByTestId("order-row").filter({ hasText: customer });
      // A card: the table's header row is not shown, the order's facts stack within the screen.
      await expect(page.getByRole("columnheader", { name: "Customer" })).toBeHidden();
      const card = (await order.boundingBox())!;
      expect(card.width).toBeLessThanOrEqual(width);
      for (const fact of [
        customer,
        readablePhone(intlPhone(shopperPhone())),
        "otieno@example.co.ke",
        /KSh [\d,]+/,
      ]) {
        const box = (await order.getByText(fact).first().boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
      }
      await thumbSized(order, "order card");
      await thumbSized(
        page.locator("form").filter({ has: page.getByLabel("Find an order") }),
        "order search",
      );
      await expectAccessible(page, "orders on a phone");
    },
  );

  test("products: search, category, and the availability toggle hides a product from the shop", async ({
    page,
  }, testInfo) => {
    await expect(page.getByRole("link", { name: "Manage Products" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // A product of this test's own: the sample catalogue is never hidden or changed.
    const name = `Toggle Test Bag ${testInfo.project.name} ${Date.now().toString(36)}`;
    const id = await addProduct(page, backOfficeURL, {
      name,
      category: "accessories",
      price: 1200,
    });
    await page.goto(`/shop?${new URLSearchParams({ q: name })}`);
    await expect(page.getByRole("link", { name }).first()).toBeVisible();

    await page.goto("/admin");
    await page.getByPlaceholder("Search products...").fill("zzzz-none");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No products found matching your search criteria")).toBeVisible();
    await page.getByPlaceholder("Search products...").fill(name);
    const categoryFilter = page.getByLabel("Filter by category");
    await expect(categoryFilter.locator("option:checked")).toHaveText("All Categories");
    await categoryFilter.selectOption({ label: "Accessories" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/category=accessories/);
    const first = page.getByTestId("admin-product").filter({ hasText: name });
    await expect(first).toContainText("Available");
    await expectAccessible(page, "products tab");
    // The toggle reloads the products tab only: the cards and the chart are not read again.
    const reload = page.waitForRequest(
      (r) => r.method() === "GET" && /\/admin\.data/.test(r.url()),
    );
    await first.getByRole("button", { name: /^Available/ }).click();
    const reloaded = new URL((await reload).url()).searchParams.get("_routes")?.split(",");
    expect(reloaded).toContain("routes/admin/products");
    expect(reloaded).not.toContain("routes/admin/dashboard");
    await expect(first.getByRole("button", { name: /^Hidden/ })).toBeVisible();
    await page.goto(`/shop?q=${encodeURIComponent(name)}`);
    await expect(page.getByText("Showing 0 products")).toBeVisible();
    await page.goto(`/admin?${new URLSearchParams({ category: "accessories", q: name })}`);
    await page
      .getByTestId("admin-product")
      .filter({ hasText: name })
      .getByRole("button", { name: /^Hidden/ })
      .click();
    await expect(page.getByTestId("admin-product").filter({ hasText: name })).toContainText(
      "Available",
    );
    const removed = await page.request.post(`/admin/products/${id}`, {
      headers: { Accept: "application/json", Origin: backOfficeURL },
      form: { intent: "delete" },
    });
    expect(removed.status()).toBe(200);
  });
});

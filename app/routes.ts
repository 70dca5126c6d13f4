import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The one route table; it keeps the original shop's paths.
export default [
  layout("routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("shop", "routes/storefront/shop.tsx"),
    route("product/:id", "routes/storefront/product.tsx"),
    route("product/:id/back-in-stock", "routes/storefront/back-in-stock.tsx"),
    route("stock-alerts/:token", "routes/storefront/stock-alert-confirm.tsx"),
    route("about", "routes/storefront/about.tsx"),
    route("contact", "routes/storefront/contact.tsx"),
    route("delivery", "routes/storefront/delivery.tsx"),
    route("returns", "routes/storefront/returns.tsx"),
    route("cart", "routes/storefront/cart.tsx"),
    route("menu", "routes/storefront/menu.tsx"),
    route("orders", "routes/storefront/track-order.tsx"),
    route("orders/:token", "routes/storefront/order-tracking.tsx"),
    route("__test/error", "routes/storefront/test-error.tsx"),
    route("*", "routes/storefront/not-found.tsx"),
  ]),
  route("order-success", "routes/storefront/order-success.tsx"),
  // Where a shopper waits while paying on their phone (each attempt's unguessable id).
  route("pay/:attempt", "routes/storefront/pay.tsx"),
  route("login", "routes/admin/login.tsx"),
  // The second step of signing in to an account with an authenticator app.
  route("login/code", "routes/admin/login-code.tsx"),
  // A one-time link to set a password: a new account's first, or after the owner reset it.
  route("login/set-password/:token", "routes/admin/set-password.tsx"),
  // A new shop's one-time link, printed at start while it has no owner: the first owner's account.
  route("login/setup/:token", "routes/admin/first-owner.tsx"),
  // The dashboard's frame (cards, chart, tabs) around one tab each: products, orders.
  route("admin", "routes/admin/dashboard.tsx", [
    index("routes/admin/products.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:id", "routes/admin/order.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("featured", "routes/admin/featured.tsx"),
    route("discounts", "routes/admin/discounts.tsx"),
    route("accounts", "routes/admin/accounts.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    route("security", "routes/admin/security.tsx"),
  ]),
  route("admin/products/:id?", "routes/admin/product-endpoint.ts"),
  route("admin/orders.csv", "routes/admin/orders-csv.ts"),
  route("admin/orders/:id/slip", "routes/admin/packing-slip.tsx"),
  route("api/checkout", "routes/resources/api-checkout.ts"),
  // Payment providers' notifications, at the paths each declares (payments/catalogue.ts).
  route("api/:provider/*", "routes/resources/payment-notification.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  // The browser suite's clock for the outbox (a 404 unless TEST_HOOKS is on).
  route("__test/outbox-clock", "routes/resources/test-outbox-clock.ts"),
  route("healthz/live", "routes/resources/healthz-live.ts"),
  route("media/*", "routes/resources/media.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("offline", "routes/resources/offline.ts"),
] satisfies RouteConfig;

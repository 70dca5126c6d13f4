import { CheckCircle2, LogOut, Package, ShoppingBag, Wallet } from "lucide-react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { BrandMark } from "~/components/icons";
import { ToastHost } from "~/components/toast";
import { getDb } from "~/db/client.server";
import { logOut } from "~/modules/auth/login.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import {
  ADMIN_PAGE_SIZE,
  adminProduct,
  adminProducts,
  toggleProduct,
} from "~/modules/catalog/admin-products.server";
import { CATEGORY_IDS, categoryName } from "~/modules/catalog/categories";
import { PRODUCT_FAILURES } from "~/modules/catalog/product-form";
import {
  changeOrderStatus,
  ORDERS_PAGE_SIZE,
  orderSections,
  parseOrdersQuery,
} from "~/modules/orders/admin-orders.server";
import { dashboardStats, revenueByDay } from "~/modules/orders/dashboard.server";
import { logger } from "~/utils/logger.server";
import { formatKsh } from "~/utils/money";
import { pageNumber } from "~/utils/page-number";
import type { Route } from "./+types/dashboard";
import { OrdersTab } from "./orders-tab";
import { ProductsTab } from "./products-tab";
import { RevenueChart } from "./revenue-chart";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const tab = search.get("tab") === "orders" ? "orders" : "products";
  const db = getDb();
  try {
    const [stats, revenueDays] = await Promise.all([dashboardStats(db), revenueByDay(db)]);
    if (tab === "orders") {
      const query = parseOrdersQuery(search);
      const sections = await orderSections(db, query);
      return data(
        {
          admin,
          stats,
          revenueDays,
          tab,
          orders: { query, sections, pageSize: ORDERS_PAGE_SIZE },
          products: null,
          loadError: null,
        },
        { headers: NO_STORE },
      );
    }
    const q = (search.get("q") ?? "").slice(0, 100);
    const category = search.get("category") ?? "all";
    const page = pageNumber(search.get("page"));
    // The product an ?edit= or ?delete= link is about, wherever it is in the list.
    const focusId = search.get("edit") ?? search.get("delete");
    const [list, focused] = await Promise.all([
      adminProducts(db, { q, category, page }),
      focusId ? adminProduct(db, focusId) : null,
    ]);
    return data(
      {
        admin,
        stats,
        revenueDays,
        tab,
        orders: null,
        products: {
          ...list,
          q,
          category,
          page,
          pages: Math.max(1, Math.ceil(list.total / ADMIN_PAGE_SIZE)),
          focused,
        },
        loadError: null,
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    logger.error({ err: error }, "dashboard could not load");
    return data(
      {
        admin,
        stats: null,
        revenueDays: null,
        tab,
        orders: null,
        products: null,
        loadError: "Could not fetch data from the database.",
      },
      { status: 503, headers: NO_STORE },
    );
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "logout") {
    // Ends the session on the server, not only the cookie.
    throw redirect("/login", { headers: await logOut(request) });
  }
  if (intent === "status") {
    try {
      await changeOrderStatus(getDb(), {
        orderId: String(form.get("orderId")),
        status: String(form.get("status")),
        adminId: admin.id,
      });
      return { ok: true };
    } catch (error) {
      logger.warn({ err: error }, "order status change failed");
      return data({ ok: false, error: "Failed to update order status." }, { status: 400 });
    }
  }
  if (intent === "toggle") {
    const field = form.get("field") === "isFeatured" ? "isFeatured" : "inStock";
    const value = await toggleProduct(getDb(), String(form.get("productId")), field);
    if (value === null) return data({ ok: false, error: PRODUCT_FAILURES.update }, { status: 404 });
    return { ok: true };
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

const adminCategories = CATEGORY_IDS.map((id) => ({ id, name: categoryName(id) }));

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { admin, stats, revenueDays, tab, orders, products, loadError } = loaderData;
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const hrefFor = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    next.delete("failed");
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, String(v));
    }
    const query = next.toString();
    return query ? `/admin?${query}` : "/admin";
  };
  // A product change posted without JavaScript comes back with ?failed=create|update|delete.
  const failedIntent = params.get("failed") ?? "";
  const failed = Object.hasOwn(PRODUCT_FAILURES, failedIntent)
    ? PRODUCT_FAILURES[failedIntent as keyof typeof PRODUCT_FAILURES]
    : null;
  const cards = stats
    ? [
        { label: "Total Revenue", value: formatKsh(stats.revenue), Icon: Wallet },
        {
          label: "Total Orders",
          value: stats.totalOrders.toLocaleString("en-KE"),
          Icon: ShoppingBag,
        },
        {
          label: "Total Products",
          value: stats.totalProducts.toLocaleString("en-KE"),
          Icon: Package,
        },
        {
          label: "Completed Orders",
          value: stats.completedOrders.toLocaleString("en-KE"),
          Icon: CheckCircle2,
        },
      ]
    : [];
  const tabClass = (active: boolean) =>
    `inline-flex min-h-11 items-center border-b-2 px-1 font-semibold ${active ? "border-accent text-ink" : "border-transparent text-muted hover:text-ink"}`;
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-hairline bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-2">
            <BrandMark />
            <h1 className="text-lg font-bold sm:text-xl">Admin Dashboard</h1>
          </div>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-muted sm:inline">{admin.email}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="btn border border-hairline bg-white px-4 text-sm">
                <LogOut size={16} aria-hidden="true" />
                Logout
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {cards.map(({ label, value, Icon }) => (
            <li key={label} className="rounded-xl border border-hairline bg-white p-4">
              <p className="flex items-center gap-2 text-sm text-muted">
                <Icon size={16} aria-hidden="true" />
                {label}
              </p>
              <p
                className="mt-2 text-xl font-bold tabular sm:text-2xl"
                data-testid={`stat-${label}`}
              >
                {value}
              </p>
            </li>
          ))}
        </ul>
        {revenueDays ? (
          <div className="mt-3">
            <RevenueChart days={revenueDays} />
          </div>
        ) : null}
        {failed ? (
          <p
            role="alert"
            className="mt-6 rounded-xl border border-danger/30 bg-danger/5 p-4 text-danger"
          >
            {failed}
          </p>
        ) : null}
        {loadError ? (
          <p
            role="alert"
            className="mt-6 rounded-xl border border-danger/30 bg-danger/5 p-4 text-danger"
          >
            {loadError}
          </p>
        ) : null}
        <nav aria-label="Dashboard" className="mt-6 flex gap-6 border-b border-hairline">
          <Link
            to="/admin"
            aria-current={tab === "products" ? "page" : undefined}
            className={tabClass(tab === "products")}
          >
            Manage Products
          </Link>
          <Link
            to="/admin?tab=orders"
            aria-current={tab === "orders" ? "page" : undefined}
            className={tabClass(tab === "orders")}
          >
            View Orders
          </Link>
        </nav>
        <div className="mt-5">
          {products ? (
            <ProductsTab
              {...products}
              categories={adminCategories}
              editing={params.get("edit")}
              deleting={params.get("delete")}
              hrefFor={hrefFor}
            />
          ) : null}
          {orders ? (
            <OrdersTab
              sections={orders.sections}
              status={orders.query.status}
              sort={orders.query.sort}
              pageSize={orders.pageSize}
              hrefFor={hrefFor}
            />
          ) : null}
        </div>
      </main>
      <ToastHost />
    </div>
  );
}

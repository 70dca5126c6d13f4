import CheckCircle2 from "lucide-react/icons/circle-check";
import LogOut from "lucide-react/icons/log-out";
import Package from "lucide-react/icons/package";
import PackageMinus from "lucide-react/icons/package-minus";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Wallet from "lucide-react/icons/wallet";
import {
  data,
  Form,
  Link,
  NavLink,
  Outlet,
  redirect,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { RevenueChart } from "~/components/admin/RevenueChart";
import { BrandMark } from "~/components/icons";
import { ToastHost } from "~/components/toast";
import { logOut } from "~/modules/auth/login.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { ROLE_LABELS } from "~/modules/auth/role-names";
import { abilities } from "~/modules/auth/roles";
import { lowStockCount } from "~/modules/catalog/admin-products.server";
import { dashboardStats, revenueByDay } from "~/modules/orders/dashboard.server";
import { servicesContext } from "~/services.server";
import { formatKsh } from "~/terms/money";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/dashboard";

/**
 * The back office's frame: header, the four cards, the 30-day chart and the tabs. The tabs are
 * child routes (`/admin` products, `/admin/orders` orders), each loading only its own list.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request);
  const can = abilities(admin.role);
  try {
    const [stats, revenueDays, lowStock] = await Promise.all([
      dashboardStats(db),
      can.revenue ? revenueByDay(db) : null,
      lowStockCount(db),
    ]);
    // Staff see the counts, never the money.
    const money = can.revenue
      ? {
          revenue: stats.revenue,
          sales: stats.sales,
          discounts: stats.discounts,
          refunds: stats.refunds,
        }
      : null;
    const counts = {
      totalOrders: stats.totalOrders,
      totalProducts: stats.totalProducts,
      completedOrders: stats.completedOrders,
      lowStock,
    };
    return data(
      { admin, can, stats: { ...counts, money }, revenueDays, loadError: null },
      { headers: NO_STORE },
    );
  } catch (error) {
    logger.error({ err: error }, "dashboard figures could not load");
    return data(
      {
        admin,
        can,
        stats: null,
        revenueDays: null,
        loadError: "Could not fetch data from the database.",
      },
      { status: 503, headers: NO_STORE },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await requireAdmin(services, request);
  const form = await readForm(request);
  if (form.get("intent") === "logout") {
    // Ends the session on the server, not only the cookie.
    throw redirect("/login", { headers: await logOut(services.auth, request) });
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

/**
 * The cards and the chart change only when a product is added, saved or deleted or an order is
 * marked Completed: a tab, a filter, a page or another modal, a toggle or another status reloads
 * only the tab. Closing the edit modal reloads them (a save may change the low-stock count).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") {
    const intent = formData?.get("intent");
    if (intent === "toggle") return false;
    if (intent === "status") return formData?.get("status") === "Completed";
    // Product add, save and delete (the endpoint under /admin/products), logout.
    return defaultShouldRevalidate;
  }
  if (currentUrl.searchParams.has("edit") && !nextUrl.searchParams.has("edit")) return true;
  if (currentUrl.href !== nextUrl.href) return false;
  // The same URL again: a revalidation asked for after a product was added.
  return defaultShouldRevalidate;
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center border-b-2 px-1 font-semibold ${isActive ? "border-accent text-ink" : "border-transparent text-muted hover:text-ink"}`;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { admin, can, stats, revenueDays, loadError } = loaderData;
  const money = stats?.money;
  const cards = stats
    ? [
        ...(money
          ? [
              {
                label: "Total Revenue",
                value: formatKsh(money.revenue),
                Icon: Wallet,
                // Net of discounts and refunds: the parts, when there are any.
                detail:
                  money.discounts || money.refunds
                    ? `Sales ${formatKsh(money.sales)}, discounts -${formatKsh(money.discounts)}, refunds -${formatKsh(money.refunds)}`
                    : undefined,
              },
            ]
          : []),
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
        // Beyond the spec's four: products with a size at its own low-stock line or fewer (the owner
        // sets it per product), one tap from the list.
        {
          label: "Low stock",
          value: stats.lowStock.toLocaleString("en-KE"),
          Icon: PackageMinus,
          href: "/admin?stock=low",
        },
      ]
    : [];
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-hairline bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-2">
            <BrandMark />
            <h1 className="text-lg font-bold sm:text-xl">Admin Dashboard</h1>
          </div>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-muted sm:inline">
              {admin.email} · {ROLE_LABELS[admin.role]}
            </span>
            <Link
              to="/admin/security"
              className="inline-flex min-h-11 items-center text-sm underline underline-offset-4 hover:text-accent"
            >
              Security
            </Link>
            <Form method="post" action="/admin">
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="btn border border-hairline bg-white px-4 text-sm">
                <LogOut size={16} aria-hidden="true" />
                Logout
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto flex max-w-7xl flex-col px-4 py-6 sm:px-6">
        {/* On a phone the tab comes first (the orders list, not five cards and a chart above
            it); from a tablet up the figures head the page, as before. */}
        {loadError ? (
          <p
            role="alert"
            className="mt-6 rounded-xl border border-danger/30 bg-danger/5 p-4 text-danger"
          >
            {loadError}
          </p>
        ) : null}
        <nav
          aria-label="Dashboard"
          className="mt-6 flex flex-wrap gap-x-6 border-b border-hairline"
        >
          <NavLink to="/admin" end className={tabClass}>
            Manage Products
          </NavLink>
          <NavLink to="/admin/orders" className={tabClass}>
            View Orders
          </NavLink>
          <NavLink to="/admin/messages" className={tabClass}>
            Messages
          </NavLink>
          <NavLink to="/admin/featured" className={tabClass}>
            Featured on Home
          </NavLink>
          {can.codes ? (
            <NavLink to="/admin/discounts" className={tabClass}>
              Discounts
            </NavLink>
          ) : null}
          {can.accounts ? (
            <NavLink to="/admin/accounts" className={tabClass}>
              Accounts
            </NavLink>
          ) : null}
          {can.activity ? (
            <NavLink to="/admin/activity" className={tabClass}>
              Activity
            </NavLink>
          ) : null}
        </nav>
        <div className="mt-5">
          <Outlet />
        </div>
        <ul className="mt-6 grid grid-cols-2 gap-3 md:order-first md:mt-0 lg:grid-cols-5">
          {cards.map(({ label, value, Icon, href, ...card }) => (
            <li key={label} className="rounded-xl border border-hairline bg-white p-4">
              <p className="flex items-center gap-2 text-sm text-muted">
                <Icon size={16} aria-hidden="true" />
                {href ? (
                  <Link to={href} className="underline underline-offset-4 hover:text-ink">
                    {label}
                  </Link>
                ) : (
                  label
                )}
              </p>
              <p
                className="mt-2 text-xl font-bold tabular sm:text-2xl"
                data-testid={`stat-${label}`}
              >
                {value}
              </p>
              {"detail" in card && card.detail ? (
                <p className="mt-1 text-xs text-muted tabular" data-testid="revenue-detail">
                  {card.detail}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {revenueDays ? (
          <div className="mt-3 md:order-first">
            <RevenueChart days={revenueDays} />
          </div>
        ) : null}
      </main>
      <ToastHost />
    </div>
  );
}

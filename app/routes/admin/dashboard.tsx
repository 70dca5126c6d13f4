import { CheckCircle2, LogOut, Package, ShoppingBag, Wallet } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { BrandMark } from "~/components/icons";
import { getDb } from "~/db/client.server";
import { logOut } from "~/modules/auth/login.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { dashboardStats } from "~/modules/orders/dashboard.server";
import { formatKsh } from "~/utils/money";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const stats = await dashboardStats(getDb());
  return data({ admin, stats }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "logout") {
    // Ends the session on the server, not only the cookie.
    throw redirect("/login", { headers: await logOut(request) });
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { admin, stats } = loaderData;
  const cards = [
    { label: "Total Revenue", value: formatKsh(stats.revenue), Icon: Wallet },
    { label: "Total Orders", value: stats.totalOrders.toLocaleString("en-KE"), Icon: ShoppingBag },
    { label: "Total Products", value: stats.totalProducts.toLocaleString("en-KE"), Icon: Package },
    {
      label: "Completed Orders",
      value: stats.completedOrders.toLocaleString("en-KE"),
      Icon: CheckCircle2,
    },
  ];
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
      </main>
    </div>
  );
}

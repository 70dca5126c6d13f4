import { data, redirect, useLocation, useRouteLoaderData } from "react-router";
import type { ProductFormRules } from "~/components/admin/ProductEditor";
import { ProductsTab } from "~/components/admin/ProductsTab";
import { toggleProduct } from "~/flows/arrange-products.server";
import { historyOf } from "~/modules/audit/audit.server";
import { assertCan, requireAdmin } from "~/modules/auth/require-admin.server";
import { can } from "~/modules/auth/roles";
import {
  ADMIN_PAGE_SIZE,
  adminProduct,
  adminProductRow,
  adminProducts,
} from "~/modules/catalog/admin-products.server";
import {
  DEFAULT_LOW_STOCK_AT,
  MAX_PRODUCT_IMAGES,
  PRODUCT_FAILURES,
  PRODUCT_MESSAGES,
  stockField,
  stockWasField,
  validateProductForm,
} from "~/modules/catalog/product-form";
import { SIZE_SETS } from "~/modules/catalog/sizes";
import { HISTORY_LIMIT, productLedger } from "~/modules/inventory/stock.server";
import { MOVEMENT_LABELS } from "~/modules/inventory/stock-rules";
import { IMAGE_TYPES } from "~/modules/media/image-keys";
import { servicesContext } from "~/services.server";
import { CATEGORY_IDS, categoryName } from "~/terms/categories";
import { orderReference } from "~/terms/order-reference";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { pageNumber } from "~/utils/page-number";
import type { Route } from "./+types/products";

const NO_STORE = { "Cache-Control": "no-store" };

/** `/admin`, the products tab. Before the tabs were routes, `?tab=orders` chose the orders tab. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { products: "view" });
  const search = new URL(request.url).searchParams;
  if (search.has("tab")) {
    const tab = search.get("tab");
    search.delete("tab");
    const query = search.size ? `?${search}` : "";
    throw redirect(`${tab === "orders" ? "/admin/orders" : "/admin"}${query}`, 301);
  }
  const q = (search.get("q") ?? "").slice(0, 100);
  const category = search.get("category") ?? "all";
  const page = pageNumber(search.get("page"));
  const lowStockOnly = search.get("stock") === "low";
  // The product an ?edit=, ?delete= or ?history= link is about, wherever it is in the list.
  const focusId = search.get("edit") ?? search.get("delete") ?? search.get("history");
  const historyId = search.get("history");
  // A product just added (?added=): it leads the list, wherever its name or the search puts it.
  const addedId = search.get("added");
  try {
    const [list, focused, ledger, changes, added] = await Promise.all([
      adminProducts(db, { q, category, page, lowStockOnly }),
      focusId ? adminProduct(db, focusId) : null,
      historyId ? productLedger(db, historyId) : null,
      historyId && can(admin.role, { activity: "view" })
        ? historyOf(db, "product", historyId)
        : null,
      addedId ? adminProductRow(db, addedId) : null,
    ]);
    const rows =
      added && !list.rows.some((r) => r.id === added.id) ? [added, ...list.rows] : list.rows;
    return data(
      {
        products: {
          ...list,
          rows,
          addedId: added?.id ?? null,
          q,
          category,
          lowStockOnly,
          page,
          pages: Math.max(1, Math.ceil(list.total / ADMIN_PAGE_SIZE)),
          focused,
          history:
            focused && ledger && focused.id === historyId
              ? {
                  name: focused.name,
                  entries: ledger.map(inOwnersWords),
                  limit: HISTORY_LIMIT,
                  changes,
                }
              : null,
        },
        loadError: null,
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    logger.error({ err: error }, "admin products could not load");
    return data(
      { products: null, loadError: "Could not fetch data from the database." },
      { status: 503, headers: NO_STORE },
    );
  }
}

/** A ledger row as the history shows it, worded here so the page ships no wording rules. */
const inOwnersWords = (row: Awaited<ReturnType<typeof productLedger>>[number]) => ({
  id: row.id,
  at: row.createdAt,
  size: row.size,
  what: MOVEMENT_LABELS[row.kind],
  change: row.change,
  left: row.quantityAfter,
  order: row.orderId
    ? {
        reference: orderReference(row.orderId),
        href: `/admin/orders?${new URLSearchParams({ q: orderReference(row.orderId) })}`,
      }
    : null,
  admin: row.adminEmail,
  reason: row.reason,
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { products: "view" });
  const form = await readForm(request);
  if (form.get("intent") === "toggle") {
    const field = form.get("field") === "isFeatured" ? "isFeatured" : "inStock";
    assertCan(admin, field === "isFeatured" ? { products: "feature" } : { products: "edit" });
    const value = await toggleProduct(db, String(form.get("productId")), field, admin.id);
    if (value === null) return data({ ok: false, error: PRODUCT_FAILURES.update }, { status: 404 });
    return { ok: true };
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

// Named when rendered (the back office's pages are English), not when the module loads.
const adminCategories = () => CATEGORY_IDS.map((id) => ({ id, name: categoryName(id) }));

/** The shop's product rules, applied in the browser before sending (the endpoint applies them again). */
const formRules: ProductFormRules = {
  validate: validateProductForm,
  maxImages: MAX_PRODUCT_IMAGES,
  imageTypes: IMAGE_TYPES,
  // The spec's size sets; shoe and sandal sizes overlap, so they share a row.
  sizeGroups: [
    { label: "Kids", sizes: SIZE_SETS.kids },
    { label: "Adult", sizes: SIZE_SETS.adult },
    { label: "One size", sizes: SIZE_SETS.oneSize },
    {
      label: "Shoes and sandals",
      sizes: [...new Set([...SIZE_SETS.womensSandals, ...SIZE_SETS.mensShoes])],
    },
  ],
  stockFields: (size) => ({ name: stockField(size), was: stockWasField(size) }),
  lowStockAt: DEFAULT_LOW_STOCK_AT,
  messages: { noImage: PRODUCT_MESSAGES.noImage, failed: PRODUCT_FAILURES },
};

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { products, loadError } = loaderData;
  const dashboard = useRouteLoaderData<{ loadError: string | null }>("routes/admin/dashboard");
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const hrefFor = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    next.delete("failed");
    next.delete("added");
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
  return (
    <>
      {failed ? (
        <p
          role="alert"
          className="mb-5 rounded-xl border border-danger/30 bg-danger/5 p-4 text-danger"
        >
          {failed}
        </p>
      ) : null}
      {/* The dashboard already says so when the database failed for it too. */}
      {loadError && !dashboard?.loadError ? (
        <p
          role="alert"
          className="mb-5 rounded-xl border border-danger/30 bg-danger/5 p-4 text-danger"
        >
          {loadError}
        </p>
      ) : null}
      {products ? (
        <ProductsTab
          {...products}
          categories={adminCategories()}
          formRules={formRules}
          editing={params.get("edit")}
          deleting={params.get("delete")}
          hrefFor={hrefFor}
        />
      ) : null}
    </>
  );
}

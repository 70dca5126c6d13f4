import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import History from "lucide-react/icons/rotate-ccw-clock";
import Star from "lucide-react/icons/star";
import Trash2 from "lucide-react/icons/trash";
import { Form, Link, useFetcher, useNavigate, useNavigation, useRevalidator } from "react-router";
import { Modal } from "~/components/Modal";
import { ProductImage } from "~/components/ProductImage";
import { notify } from "~/components/toast";
import { formatKsh } from "~/terms/money";
import type { ActivityEntry } from "./ActivityList";
import { Pager } from "./Pager";
import { type EditableProduct, ProductEditor, type ProductFormRules } from "./ProductEditor";
import { SaleSummary } from "./SaleSummary";
import { type HistoryEntry, StockHistory } from "./StockHistory";
import { type StockLevel, StockSummary } from "./StockSummary";
import { useAbilities } from "./use-abilities";

/** What a row of the list shows; the edit and delete modals load their product in full. */
type ProductRow = Omit<EditableProduct, "description" | "details" | "sizes" | "stock"> & {
  stock: StockLevel[];
  /** The price a shopper pays now. */
  sellingPrice: number;
};

type Props = {
  rows: ProductRow[];
  total: number;
  q: string;
  category: string;
  /** 'Low stock': only products with a size at its own low-stock line or fewer. */
  lowStockOnly: boolean;
  categories: { id: string; name: string }[];
  formRules: ProductFormRules;
  page: number;
  pages: number;
  /** The product just added, which leads the list. */
  addedId: string | null;
  /** The product whose edit modal or delete confirmation is open (kept in the URL). */
  focused: EditableProduct | null;
  editing: string | null;
  deleting: string | null;
  /** The stock history a ?history= link opened. */
  history: {
    name: string;
    entries: HistoryEntry[];
    limit: number;
    changes: ActivityEntry[] | null;
  } | null;
  hrefFor: (changes: Record<string, string | number | null>) => string;
};

/** A one-click toggle (available, featured) that works as a plain form before JavaScript. */
function Toggle({
  id,
  field,
  on,
  label,
  children,
}: {
  id: string;
  field: string;
  on: boolean;
  label?: string;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData ? !on : on;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={id} />
      <input type="hidden" name="field" value={field} />
      <button
        type="submit"
        aria-pressed={pending}
        aria-label={label}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm hover:bg-sand"
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

function ConfirmDelete({
  product,
  returnTo,
  onClose,
}: {
  product: EditableProduct;
  returnTo: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const busy = navigation.formAction === `/admin/products/${product.id}`;
  return (
    <Modal title={`Delete "${product.name}"?`} onClose={onClose} size="sm">
      <p className="text-sm">
        The product and its images are removed from the shop for good. Orders that include it keep
        their details.
      </p>
      <Form
        method="post"
        action={`/admin/products/${product.id}`}
        className="mt-5 flex justify-end gap-3"
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="returnTo" value={returnTo} />
        {/* Like Escape and the close button: no jump to the top, no extra history entry. */}
        <Link
          to={returnTo}
          preventScrollReset
          replace
          className="btn border border-hairline bg-white px-5"
        >
          Cancel
        </Link>
        <button type="submit" disabled={busy} className="btn bg-danger px-5 text-white">
          {busy ? "Deleting..." : "Delete"}
        </button>
      </Form>
    </Modal>
  );
}

export function ProductsTab({
  rows,
  total,
  q,
  category,
  lowStockOnly,
  categories,
  formRules,
  page,
  pages,
  focused,
  addedId,
  editing,
  deleting,
  history,
  hrefFor,
}: Props) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const can = useAbilities();
  const here = hrefFor({ edit: null, delete: null, history: null });
  const closeModal = () => navigate(here, { preventScrollReset: true, replace: true });
  const edited = focused && focused.id === editing ? focused : null;
  const deleted = focused && focused.id === deleting ? focused : null;
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <div>
      <details className="group rounded-xl border border-hairline bg-white">
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 px-4 font-semibold [&::-webkit-details-marker]:hidden">
          <Plus size={18} aria-hidden="true" className="transition group-open:rotate-45" />
          Add New Product
        </summary>
        <div className="border-t border-hairline p-4">
          <ProductEditor
            categories={categories}
            rules={formRules}
            returnTo={here}
            onSaved={(id) => {
              notify("success", "Product added.");
              if (id) navigate(hrefFor({ added: id }), { preventScrollReset: true });
              else revalidator.revalidate();
            }}
          />
        </div>
      </details>

      {/* Named: an index route's own action would add ?index to the address. */}
      <Form
        method="get"
        action="/admin"
        className="mt-5 flex flex-wrap items-end gap-3"
        role="search"
      >
        <div className="min-w-48 flex-1">
          <label htmlFor="admin-search" className="sr-only">
            Search products
          </label>
          <input
            id="admin-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Search products..."
            className="min-h-11 w-full rounded-lg border border-hairline bg-white px-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="admin-category" className="sr-only">
            Filter by category
          </label>
          <select
            id="admin-category"
            name="category"
            defaultValue={category}
            className="min-h-11 rounded-lg border border-hairline bg-white px-2 text-sm"
          >
            <option value="all">All Categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="stock"
            value="low"
            defaultChecked={lowStockOnly}
            key={String(lowStockOnly)}
            className="size-5 accent-accent"
          />
          Low stock
        </label>
        <button type="submit" className="btn min-h-11 border border-hairline bg-white px-4 text-sm">
          Search
        </button>
      </Form>
      <p className="mt-4 text-sm text-muted">{total === 1 ? "1 product" : `${total} products`}</p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-hairline bg-white p-6 text-center text-muted">
          No products found matching your search criteria
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-hairline rounded-xl border border-hairline bg-white">
          {rows.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3"
              data-testid="admin-product"
            >
              <Toggle id={p.id} field="isFeatured" on={p.isFeatured} label={`Featured: ${p.name}`}>
                <Star
                  size={18}
                  aria-hidden="true"
                  className={p.isFeatured ? "fill-gold text-gold" : "text-muted"}
                />
              </Toggle>
              <div className="w-12 shrink-0 overflow-hidden rounded-md">
                <ProductImage
                  image={p.images[0] ?? null}
                  alt=""
                  productName={p.name}
                  sizes="48px"
                />
              </div>
              <div className="min-w-40 flex-1">
                <p className="font-medium">{p.name}</p>
                {p.id === addedId ? (
                  <p className="text-xs font-semibold text-success">Just added</p>
                ) : null}
                <p className="text-xs text-muted">{categoryNames.get(p.category) ?? p.category}</p>
                <StockSummary levels={p.stock} low={p.lowStockAt} />
              </div>
              <div className="tabular">
                <p>
                  <span className="font-semibold">{formatKsh(p.price)}</span>
                  {p.originalPrice && p.originalPrice > 0 ? (
                    <s className="ml-2 text-xs text-muted">{formatKsh(p.originalPrice)}</s>
                  ) : null}
                </p>
                <SaleSummary product={p} />
              </div>
              <Toggle id={p.id} field="inStock" on={p.inStock}>
                <span
                  aria-hidden="true"
                  className={`size-2.5 rounded-full ${p.inStock ? "bg-success" : "bg-danger"}`}
                />
                {p.inStock ? "Available" : "Hidden"}
                <span className="sr-only">, {p.name}</span>
              </Toggle>
              <div className="ml-auto flex gap-1">
                <Link
                  to={hrefFor({ history: p.id, edit: null, delete: null })}
                  preventScrollReset
                  className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-sand"
                  aria-label={`Stock history of ${p.name}`}
                >
                  <History size={18} aria-hidden="true" />
                </Link>
                <Link
                  to={hrefFor({ edit: p.id, delete: null, history: null })}
                  preventScrollReset
                  className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-sand"
                  aria-label={`Edit ${p.name}`}
                >
                  <Pencil size={18} aria-hidden="true" />
                </Link>
                {can.deleteProducts ? (
                  <Link
                    to={hrefFor({ delete: p.id, edit: null, history: null })}
                    preventScrollReset
                    className="inline-flex size-11 items-center justify-center rounded-lg text-danger hover:bg-danger/10"
                    aria-label={`Delete ${p.name}`}
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Product pages" page={page} pages={pages} href={(n) => hrefFor({ page: n })} />
      {edited ? (
        <Modal title="Edit Product" size="lg" onClose={closeModal}>
          <ProductEditor
            key={edited.id}
            product={edited}
            categories={categories}
            rules={formRules}
            returnTo={here}
            cancelHref={here}
            onSaved={() => {
              notify("success", "Product saved.");
              closeModal();
            }}
          />
        </Modal>
      ) : null}
      {deleted ? <ConfirmDelete product={deleted} returnTo={here} onClose={closeModal} /> : null}
      {history ? <StockHistory {...history} onClose={closeModal} /> : null}
    </div>
  );
}

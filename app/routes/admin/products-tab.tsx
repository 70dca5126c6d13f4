import { Star } from "lucide-react";
import { Form, useFetcher } from "react-router";
import { ProductImage } from "~/components/ProductImage";
import { formatKsh } from "~/utils/money";
import { Pager } from "./pager";

type Row = {
  id: string;
  name: string;
  category: string;
  price: number;
  originalPrice: number | null;
  image: string | null;
  isFeatured: boolean;
  inStock: boolean;
};

type Props = {
  rows: Row[];
  total: number;
  q: string;
  category: string;
  categories: { id: string; name: string }[];
  page: number;
  pages: number;
  hrefFor: (changes: Record<string, string | number>) => string;
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
        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm hover:bg-sand"
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

export function ProductsTab({ rows, total, q, category, categories, page, pages, hrefFor }: Props) {
  return (
    <div>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <input type="hidden" name="tab" value="products" />
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
            className="min-h-10 w-full rounded-lg border border-hairline bg-white px-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="admin-category" className="sr-only">
            Category
          </label>
          <select
            id="admin-category"
            name="category"
            defaultValue={category}
            className="min-h-10 rounded-lg border border-hairline bg-white px-2 text-sm"
          >
            <option value="all">All Categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn min-h-10 border border-hairline bg-white px-4 text-sm">
          Search
        </button>
      </Form>
      <p className="mt-4 text-sm text-muted">{total} products</p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-hairline bg-white p-6 text-center text-muted">
          No products found matching your search criteria
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-hairline rounded-xl border border-hairline bg-white">
          {rows.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-3 p-3"
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
                <ProductImage image={p.image} alt="" productName={p.name} sizes="48px" />
              </div>
              <div className="min-w-40 flex-1">
                <p className="font-medium">{p.name}</p>
                <p className="text-xs text-muted">{p.category}</p>
              </div>
              <p className="tabular">
                <span className="font-semibold">{formatKsh(p.price)}</span>
                {p.originalPrice && p.originalPrice > 0 ? (
                  <s className="ml-2 text-xs text-muted">{formatKsh(p.originalPrice)}</s>
                ) : null}
              </p>
              <Toggle id={p.id} field="inStock" on={p.inStock}>
                <span
                  aria-hidden="true"
                  className={`size-2.5 rounded-full ${p.inStock ? "bg-success" : "bg-danger"}`}
                />
                {p.inStock ? "Available" : "Hidden"}
                <span className="sr-only">, {p.name}</span>
              </Toggle>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Product pages" page={page} pages={pages} href={(n) => hrefFor({ page: n })} />
    </div>
  );
}

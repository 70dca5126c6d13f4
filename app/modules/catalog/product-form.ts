import * as z from "zod/mini";
import { CATEGORY_IDS } from "~/terms/categories";
import { MAX_STOCK } from "~/terms/stock-states";
import { fieldErrors } from "~/utils/field-errors";
import { fromNairobiLocal } from "~/utils/nairobi-local";
import { SIZE_SETS } from "./sizes";

/**
 * The add/edit product form's rules (spec section 5), one schema for the browser and the server.
 * Prices are whole shillings, converted to numbers before saving; the original price is required
 * and may be 0 (no struck-through price).
 */
/** A product runs low (the dashboard's 'act now') at this many pieces of a size, unless set. */
export const DEFAULT_LOW_STOCK_AT = 2;
const MAX_LOW_STOCK_AT = 999;

export const PRODUCT_MESSAGES = {
  name: "Please enter the product name.",
  originalPrice: "Please enter the original price: a whole number of shillings, 0 or more.",
  price: "Please enter the current price: a whole number of shillings, 0 or more.",
  salePrice:
    "Please enter the sale price: a whole number of shillings below the current price, or leave it empty.",
  saleStartsAt: "Please enter when the sale starts, or leave it empty to start it at once.",
  saleEndsAt:
    "Please enter when the sale ends, after it starts, or leave it empty to run it until you end it.",
  category: "Please choose a category.",
  description: "Please enter a description.",
  noImage: "Please select at least one image.",
  stock: `Please enter a whole number of pieces from 0 to ${MAX_STOCK}, or leave it empty to sell without counting.`,
  lowStockAt: `Please enter a whole number of pieces from 0 to ${MAX_LOW_STOCK_AT}, or leave it empty for ${DEFAULT_LOW_STOCK_AT}.`,
} as const;

/** The spec's texts for a product change that did not happen. */
export const PRODUCT_FAILURES = {
  create: "Failed to create product.",
  update: "Failed to update product.",
  delete: "Failed to delete product.",
} as const;

export const MAX_PRODUCT_IMAGES = 3;

/** Every size an admin may offer, in the order of the spec's size sets, each once. */
export const ALL_SIZES: string[] = [...new Set(Object.values(SIZE_SETS).flat())];

// Only the zod/mini parts the storefront's forms already use: zod ships to the browser in one
// shared chunk, and the contact page's JavaScript budget has no room for more of it.
const shillings = (message: string, optional = false) =>
  z.string().check(
    z.trim(),
    z.refine((v) => (optional && v === "") || /^\d{1,7}$/.test(v), { error: message }),
  );

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

const productFormSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, { error: PRODUCT_MESSAGES.name }), z.maxLength(120)),
  // Optional, as the specification has it: left empty, no price is struck through.
  originalPrice: z._default(shillings(PRODUCT_MESSAGES.originalPrice, true), ""),
  price: shillings(PRODUCT_MESSAGES.price),
  salePrice: z._default(shillings(PRODUCT_MESSAGES.salePrice, true), ""),
  saleStartsAt: z._default(z.string().check(z.trim()), ""),
  saleEndsAt: z._default(z.string().check(z.trim()), ""),
  category: z.enum(CATEGORY_IDS, { error: PRODUCT_MESSAGES.category }),
  description: z
    .string()
    .check(z.trim(), z.minLength(1, { error: PRODUCT_MESSAGES.description }), z.maxLength(4000)),
  details: z._default(text(4000), ""),
  lowStockAt: z._default(
    z.string().check(
      z.trim(),
      z.refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) <= MAX_LOW_STOCK_AT), {
        error: PRODUCT_MESSAGES.lowStockAt,
      }),
    ),
    "",
  ),
  sizes: z.string().check(z.refine((v) => v.split(",").every((s) => !s || ALL_SIZES.includes(s)))),
});

/**
 * The form's stock fields: pieces per size (`stock:M`), or `stock` for a product without sizes;
 * empty means not tracked. `stockWas...` carries what the form showed, so a save changes only the
 * sizes the admin changed, and only if the shelf has not moved since.
 */
export const stockField = (size: string) => (size ? `stock:${size}` : "stock");
export const stockWasField = (size: string) => (size ? `stockWas:${size}` : "stockWas");

const stockValue = z.string().check(
  z.trim(),
  z.refine((v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) <= MAX_STOCK), {
    error: PRODUCT_MESSAGES.stock,
  }),
);

/** Pieces per size: a number, or null for a size that is not tracked. */
export type StockLevels = Record<string, number | null>;

export type ProductFields = {
  name: string;
  originalPrice: number;
  price: number;
  /** A sale (sale.ts): its price, and when it starts and ends (null: at once, for good). */
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  category: (typeof CATEGORY_IDS)[number];
  description: string;
  details: string;
  sizes: string[];
  inStock: boolean;
  isFeatured: boolean;
  /** Pieces of a size at which the product counts as running low. */
  lowStockAt: number;
  /** For each of the sizes ('' alone without sizes): its pieces, or null when not tracked. */
  stock: StockLevels;
  /** What the form showed for the sizes it showed; a size it did not show is absent. */
  stockWas: StockLevels;
};

/** One message per field at fault; a stock field's key is its name (`stock:M`). */
export type ProductFieldErrors = Partial<Record<string, string>>;

/** Reads the form's text fields (not the files) into the schema's shape. */
function productFormInput(form: FormData) {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    name: value("name"),
    originalPrice: value("originalPrice"),
    price: value("price"),
    salePrice: value("salePrice"),
    saleStartsAt: value("saleStartsAt"),
    saleEndsAt: value("saleEndsAt"),
    category: value("category"),
    description: value("description"),
    details: value("details"),
    lowStockAt: value("lowStockAt"),
    // Sizes travel through the schema as one comma-separated string (no size has a comma).
    sizes: form
      .getAll("sizes")
      .filter((s): s is string => typeof s === "string")
      .join(","),
  };
}

/** Validates the form's fields: the cleaned product, or one message per field at fault. */
export function validateProductForm(
  form: FormData,
): { ok: true; data: ProductFields } | { ok: false; errors: ProductFieldErrors } {
  const input = productFormInput(form);
  const result = productFormSchema.safeParse(input);
  // Sizes in the size sets' order, whatever order the browser sent them in.
  const chosen = input.sizes.split(",");
  const sizes = ALL_SIZES.filter((s) => chosen.includes(s));
  const stock = readStock(form, sizes);
  const sale = result.success ? readSale(result.data) : null;
  if (!result.success || !stock.ok || !sale?.ok) {
    return {
      ok: false,
      errors: {
        ...(result.success ? {} : fieldErrors<keyof ProductFields>(result.error.issues)),
        ...(sale && !sale.ok ? sale.errors : {}),
        ...(stock.ok ? {} : stock.errors),
      },
    };
  }
  const d = result.data;
  return {
    ok: true,
    data: {
      ...d,
      ...sale.sale,
      originalPrice: Number(d.originalPrice),
      price: Number(d.price),
      lowStockAt: d.lowStockAt === "" ? DEFAULT_LOW_STOCK_AT : Number(d.lowStockAt),
      sizes,
      inStock: form.get("inStock") === "on",
      isFeatured: form.get("isFeatured") === "on",
      stock: stock.stock,
      stockWas: stock.was,
    },
  };
}

/**
 * The sale fields: a price below the current one, and Nairobi times for its start and end, the end
 * after the start. Without a sale price the times mean nothing and are dropped.
 */
function readSale(d: {
  price: string;
  salePrice: string;
  saleStartsAt: string;
  saleEndsAt: string;
}) {
  const errors: ProductFieldErrors = {};
  if (d.salePrice === "") {
    return { ok: true as const, sale: { salePrice: null, saleStartsAt: null, saleEndsAt: null } };
  }
  const salePrice = Number(d.salePrice);
  if (salePrice >= Number(d.price)) errors.salePrice = PRODUCT_MESSAGES.salePrice;
  const saleStartsAt = d.saleStartsAt ? fromNairobiLocal(d.saleStartsAt) : null;
  const saleEndsAt = d.saleEndsAt ? fromNairobiLocal(d.saleEndsAt) : null;
  if (d.saleStartsAt && !saleStartsAt) errors.saleStartsAt = PRODUCT_MESSAGES.saleStartsAt;
  if ((d.saleEndsAt && !saleEndsAt) || (saleEndsAt && saleStartsAt && saleEndsAt <= saleStartsAt))
    errors.saleEndsAt = PRODUCT_MESSAGES.saleEndsAt;
  return Object.keys(errors).length
    ? { ok: false as const, errors }
    : { ok: true as const, sale: { salePrice, saleStartsAt, saleEndsAt } };
}

/** The stock fields of the chosen sizes (the others are ignored), checked one by one. */
function readStock(form: FormData, sizes: string[]) {
  const errors: ProductFieldErrors = {};
  const stock: StockLevels = {};
  const was: StockLevels = {};
  for (const size of sizes.length ? sizes : [""]) {
    const raw = form.get(stockField(size));
    const checked = stockValue.safeParse(typeof raw === "string" ? raw : "");
    if (!checked.success) errors[stockField(size)] = PRODUCT_MESSAGES.stock;
    else stock[size] = checked.data === "" ? null : Number(checked.data);
    const shown = form.get(stockWasField(size));
    // Written by the form itself: anything but a count means "not tracked".
    if (typeof shown === "string") was[size] = /^\d{1,6}$/.test(shown) ? Number(shown) : null;
  }
  return Object.keys(errors).length
    ? { ok: false as const, errors }
    : { ok: true as const, stock, was };
}

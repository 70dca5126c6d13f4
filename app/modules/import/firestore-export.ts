import { v5 as uuidv5 } from "uuid";
import { type CategoryId, isCategoryId } from "~/terms/categories";
import { normaliseKenyanPhone } from "~/terms/phone";
import { MAX_STOCK } from "~/terms/stock-states";
import { isUuid } from "~/utils/uuid";
import { type NormalisedOrder, normaliseOrder } from "./legacy-order";

/**
 * Reading a collection exported from the hosted document database, without touching the database
 * or storage: the export's shape, timestamps, and each product and order document checked and
 * turned into what the shop stores. What cannot be imported is answered with a reason.
 */

export type ExportDocument = { id: string; data: Record<string, unknown> };
export type Problem = { id: string; reason: string };
export type Collection = "products" | "orders";

/** The file is not an export at all (the run stops before anything is imported). */
export class ExportShapeError extends Error {}

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The documents of one collection. Accepted shapes: an array of documents, each with its `id`
 * and its fields at the top level; an object keyed by document id; either of those under the
 * collection's name (`{"products": ...}`), as some export tools write it.
 */
export function readExportDocuments(
  json: unknown,
  collection: Collection,
): { documents: ExportDocument[]; problems: Problem[] } {
  let source = json;
  if (isObject(source) && Object.keys(source).length === 1 && collection in source) {
    const inner = source[collection];
    if (Array.isArray(inner) || (isObject(inner) && Object.values(inner).every(isObject))) {
      source = inner;
    }
  }

  const entries: [string, unknown][] = [];
  const problems: Problem[] = [];
  if (Array.isArray(source)) {
    source.forEach((item, index) => {
      const id = isObject(item) ? documentId(item.id) : null;
      if (id === null) {
        problems.push({ id: `#${index + 1}`, reason: "no document id (an `id` field)" });
      } else {
        entries.push([id, item]);
      }
    });
  } else if (isObject(source)) {
    entries.push(...Object.entries(source));
  } else {
    throw new ExportShapeError(
      `The ${collection} export must be a JSON array of documents (each with an "id") or an object keyed by document id.`,
    );
  }

  const documents: ExportDocument[] = [];
  const seen = new Set<string>();
  for (const [id, data] of entries) {
    if (!isObject(data)) {
      problems.push({ id, reason: "not a document (expected an object of fields)" });
    } else if (seen.has(id)) {
      problems.push({ id, reason: "appears more than once in the export; the first is kept" });
    } else {
      seen.add(id);
      documents.push({ id, data });
    }
  }
  return { documents, problems };
}

function documentId(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return null;
}

/**
 * A timestamp as exports write it: `{_seconds, _nanoseconds}` (the server SDK's JSON),
 * `{seconds, nanoseconds}` (the web SDK's) or an ISO 8601 string. Missing or unreadable: null.
 */
export function parseTimestamp(value: unknown): Date | null {
  if (isObject(value)) {
    const seconds = value._seconds ?? value.seconds;
    const nanos = value._nanoseconds ?? value.nanoseconds ?? 0;
    if (typeof seconds !== "number" || typeof nanos !== "number") return null;
    return validDate(seconds * 1000 + Math.floor(nanos / 1e6));
  }
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) {
    return validDate(Date.parse(value.trim()));
  }
  return null;
}

function validDate(ms: number): Date | null {
  const date = new Date(ms);
  return Number.isFinite(ms) && !Number.isNaN(date.getTime()) ? date : null;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

/** The document's createdAt, parsed once; one that is given but is not a timestamp is noted. */
function createdAtOf(data: Doc, warnings: string[]): Date | null {
  const createdAt = parseTimestamp(data.createdAt);
  if (given(data.createdAt) && createdAt === null) {
    warnings.push(
      `createdAt ${JSON.stringify(data.createdAt)} is not a timestamp; the import time is used`,
    );
  }
  return createdAt;
}

// Products

export type ImportedProduct = {
  id: string;
  name: string;
  description: string;
  details: string | null;
  category: CategoryId;
  price: number;
  originalPrice: number | null;
  /** The image addresses as exported; each is brought through the media module. */
  imageUrls: string[];
  sizes: string[];
  isFeatured: boolean;
  inStock: boolean;
  /** Pieces per size ('' without sizes) when the export gives them; null: not tracked. */
  stock: Record<string, number> | null;
  createdAt: Date | null;
};

/** Whole shillings from a number or a numeric string ("1500", "1,500", "1500.00"); else null. */
export function parseShillings(value: unknown): number | null {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && /^\s*\d[\d,]*(\.\d+)?\s*$/.test(value)) {
    n = Number(value.replace(/[\s,]/g, ""));
  } else return null;
  return Number.isFinite(n) && n >= 0 && n <= 2_000_000_000 ? Math.round(n) : null;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

function flag(data: Doc, field: string, fallback: boolean, warnings: string[]): boolean {
  const v = data[field];
  if (typeof v === "boolean") return v;
  if (v === "true" || v === "false") return v === "true";
  if (given(v))
    warnings.push(`${field} ${JSON.stringify(v)} is not true or false; ${fallback} is used`);
  return fallback;
}

export function parseProduct(
  doc: ExportDocument,
): { ok: true; product: ImportedProduct; warnings: string[] } | { ok: false; reason: string } {
  const { data } = doc;
  const warnings: string[] = [];
  const name = text(data.name);
  if (!name) return { ok: false, reason: "no name" };
  const category = text(data.category);
  if (!isCategoryId(category)) {
    return {
      ok: false,
      reason: category ? `unknown category "${category}"` : "no category",
    };
  }
  const price = parseShillings(data.price);
  if (price === null) {
    return {
      ok: false,
      reason: given(data.price)
        ? `price ${JSON.stringify(data.price)} is not a number`
        : "no price",
    };
  }
  if (typeof data.price === "number" && data.price !== price) {
    warnings.push(`price ${data.price} rounded to ${price}`);
  }
  let originalPrice: number | null = null;
  if (given(data.originalPrice)) {
    originalPrice = parseShillings(data.originalPrice);
    if (originalPrice === null) {
      warnings.push(
        `originalPrice ${JSON.stringify(data.originalPrice)} is not a number; left out`,
      );
    }
  }

  const imageUrls: string[] = [];
  const images = typeof data.images === "string" ? [data.images] : data.images;
  if (Array.isArray(images)) {
    for (const image of images) {
      if (typeof image === "string" && image.trim()) imageUrls.push(image.trim());
      else warnings.push(`image entry ${JSON.stringify(image)} is not an address; left out`);
    }
  } else if (given(images)) {
    warnings.push("images is not a list of addresses; left out");
  }

  const sizes: string[] = [];
  if (Array.isArray(data.sizes)) {
    for (const size of data.sizes) {
      const s = typeof size === "number" ? String(size) : text(size);
      if (s && !sizes.includes(s)) sizes.push(s);
    }
  } else if (given(data.sizes)) {
    warnings.push("sizes is not a list; the product is imported without sizes");
  }

  const createdAt = createdAtOf(data, warnings);
  const stock = stockOf(data.stock, sizes, warnings);

  return {
    ok: true,
    warnings,
    product: {
      id: doc.id,
      name,
      description: text(data.description),
      details: text(data.details) || null,
      category,
      price,
      originalPrice,
      imageUrls,
      sizes,
      isFeatured: flag(data, "isFeatured", false, warnings),
      inStock: flag(data, "inStock", true, warnings),
      stock,
      createdAt,
    },
  };
}

/** A count of pieces: a whole number from 0 to MAX_STOCK, or a string of one; else null. */
function pieces(value: unknown): number | null {
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= MAX_STOCK ? n : null;
}

/**
 * The stock an export gives, if any: `"stock": 4` for a product without sizes, or pieces per size,
 * `"stock": {"S": 2, "M": 0}`. Given nothing, the product is not tracked (it sells as before).
 * A size the product does not offer, or a count that is not one, is left out and noted.
 */
function stockOf(value: unknown, sizes: string[], warnings: string[]) {
  if (!given(value)) return null;
  if (typeof value !== "object" || Array.isArray(value)) {
    const n = pieces(value);
    if (n !== null && sizes.length === 0) return { "": n };
    warnings.push(
      n === null
        ? `stock ${JSON.stringify(value)} is not a number of pieces; stock is not tracked`
        : 'stock is one number but the product has sizes; give it per size, as {"M": 2}; stock is not tracked',
    );
    return null;
  }
  const levels: Record<string, number> = {};
  for (const [size, count] of Object.entries(value as Record<string, unknown>)) {
    const n = pieces(count);
    if (!(sizes.length ? sizes.includes(size) : size === "")) {
      warnings.push(`stock of size "${size}", which the product does not offer, is left out`);
    } else if (n === null) {
      warnings.push(
        `stock ${JSON.stringify(count)} of size "${size}" is not a number of pieces; left out`,
      );
    } else levels[size] = n;
  }
  return Object.keys(levels).length ? levels : null;
}

/**
 * An image address the importer can download (http or https), or why not. Storage-bucket
 * addresses such as gs://... need the bucket's credentials: export download URLs instead.
 */
export function imageAddress(
  address: string,
): { ok: true; url: URL } | { ok: false; reason: string } {
  if (!URL.canParse(address)) return { ok: false, reason: "not an address" };
  const url = new URL(address);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `unreachable: ${url.protocol}// addresses cannot be downloaded` };
  }
  return { ok: true, url };
}

/**
 * The file name an image had, from its address: the last part of the path, decoded (storage
 * download URLs encode the whole object path in one segment), without the timestamp prefix the
 * old shop put in front, since the new key gets its own.
 */
export function imageFileName(url: URL): string {
  let last = url.pathname.split("/").filter(Boolean).at(-1) ?? "";
  try {
    last = decodeURIComponent(last);
  } catch {
    // Not percent-encoded after all: keep it as it is.
  }
  return (
    last
      .split("/")
      .at(-1)!
      .replace(/^\d{10,}_/, "") || "image"
  );
}

// Orders

/** A fixed namespace, so one document id always gives the same order id. */
const ORDER_NAMESPACE = "6f1c3b5e-8a7d-4e2b-9c41-2d8f0e7a5b13";

/**
 * The order id of an imported order: the document id itself when it is already a UUID, otherwise
 * a name-based UUID (version 5: SHA-1 of a fixed namespace and the document id, by the `uuid` package). A second run
 * therefore finds the orders the first one imported.
 */
export function orderIdFor(documentId: string): string {
  if (isUuid(documentId)) return documentId.toLowerCase();
  return uuidv5(documentId, ORDER_NAMESPACE);
}

export type ImportedOrder = {
  id: string;
  legacyId: string;
  /** The order as the shop reads it, from normaliseOrder (current and legacy shapes alike). */
  order: NormalisedOrder;
  /** The phone as stored for checkout orders (2547... / 2541...) when it is a Kenyan number. */
  customerPhone: string;
  /** The document exactly as exported (with the old shop's payment notification, if any). */
  raw: Record<string, unknown>;
  createdAt: Date | null;
};

export function parseOrder(
  doc: ExportDocument,
): { ok: true; order: ImportedOrder; warnings: string[] } | { ok: false; reason: string } {
  const { data } = doc;
  const order = normaliseOrder(data);
  if (order.items.length === 0) return { ok: false, reason: "no items" };
  const amount = Math.round(order.amount);
  if (!(amount > 0)) return { ok: false, reason: "no amount" };
  const warnings: string[] = [];
  if (amount !== order.amount) warnings.push(`amount ${order.amount} rounded to ${amount}`);
  const status = text(data.status);
  if (status && status !== order.status) {
    warnings.push(`status "${status}" is not one the shop knows; imported as ${order.status}`);
  }
  if (!given(data.createdAt)) warnings.push("no createdAt; the import time is used");
  const createdAt = createdAtOf(data, warnings);
  return {
    ok: true,
    warnings,
    order: {
      id: orderIdFor(doc.id),
      legacyId: doc.id,
      order: {
        ...order,
        amount,
        items: order.items.map((item) => ({ ...item, price: Math.round(item.price) })),
      },
      customerPhone: normaliseKenyanPhone(order.customer.phone) ?? order.customer.phone,
      raw: data,
      createdAt,
    },
  };
}

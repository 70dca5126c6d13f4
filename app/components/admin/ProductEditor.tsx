import ImagePlus from "lucide-react/icons/image-plus";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { errorProps, FormField, inputClass } from "~/components/FormField";
import { ProductImage } from "~/components/ProductImage";
import { nairobiLocal } from "~/utils/nairobi-local";
import { postWithProgress } from "./post-with-progress";

export type EditableProduct = {
  id: string;
  name: string;
  originalPrice: number | null;
  price: number;
  salePrice: number | null;
  /** Serialised dates, as loaders send them. */
  saleStartsAt: string | Date | null;
  saleEndsAt: string | Date | null;
  category: string;
  description: string;
  details: string | null;
  sizes: string[];
  images: string[];
  inStock: boolean;
  isFeatured: boolean;
  lowStockAt: number;
  /** Pieces on the shelf by size ('' without sizes); a size not tracked is absent. */
  stock: Record<string, number>;
};

type FieldErrors = Partial<Record<string, string>>;

/** The shop's product rules, which the route passes in (the endpoint checks them again). */
export type ProductFormRules = {
  /** The server's own field rules: one message per field at fault. */
  validate: (form: FormData) => { ok: true } | { ok: false; errors: FieldErrors };
  maxImages: number;
  /** The image types the file picker offers. */
  imageTypes: readonly string[];
  sizeGroups: { label: string; sizes: readonly string[] }[];
  /** The names of a size's stock field and of the field saying what the form showed. */
  stockFields: (size: string) => { name: string; was: string };
  /** A new product's low-stock line (pieces of a size). */
  lowStockAt: number;
  messages: { noImage: string; failed: { create: string; update: string } };
};

type Props = {
  /** The product being edited; none for 'Add New Product'. */
  product?: EditableProduct;
  categories: { id: string; name: string }[];
  rules: ProductFormRules;
  /** Where a form post without JavaScript comes back to. */
  returnTo: string;
  /** After a successful save, with the product's id (the caller shows it or closes the modal). */
  onSaved: (id: string | undefined) => void;
  /** Edit only: the Cancel link. */
  cancelHref?: string;
};

/**
 * The add and edit product form. It works as a plain multipart form post; with JavaScript it
 * checks the fields with the server's own rules first and sends the images with a progress bar.
 */
export function ProductEditor({
  product,
  categories,
  rules,
  returnTo,
  onSaved,
  cancelHref,
}: Props) {
  const editing = Boolean(product);
  const formId = useId();
  const field = (name: string) => `${formId}-${name}`;
  const fileInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [kept, setKept] = useState<string[]>(product?.images ?? []);
  const [chosen, setChosen] = useState<{ name: string; url: string }[]>([]);
  const [trimmed, setTrimmed] = useState(false);
  const room = rules.maxImages - kept.length;
  const saving = progress !== null;

  /** Keeps the first files that fit (3, less the kept images when editing). */
  function choose(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    const fit = files.slice(0, Math.max(0, room));
    if (fit.length < files.length) {
      const list = new DataTransfer();
      for (const f of fit) list.items.add(f);
      input.files = list.files;
    }
    setTrimmed(fit.length < files.length);
    showChosen(fit);
  }

  /** Previews of the chosen files; the previous previews' object URLs are released. */
  function showChosen(files: File[]) {
    for (const old of chosen) URL.revokeObjectURL(old.url);
    setChosen(files.map((f) => ({ name: f.name, url: URL.createObjectURL(f) })));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    setFailure(null);
    const valid = rules.validate(body);
    setErrors(valid.ok ? {} : valid.errors);
    if (!valid.ok) {
      const first = Object.keys(valid.errors)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const images = (fileInput.current?.files?.length ?? 0) + kept.length;
    if (images === 0) {
      setFailure({ message: rules.messages.noImage });
      fileInput.current?.focus();
      return;
    }
    setProgress(0);
    const { answer } = await postWithProgress(form.action, body, setProgress);
    setProgress(null);
    if (answer.ok) {
      if (!editing) {
        form.reset();
        showChosen([]);
        setTrimmed(false);
      }
      onSaved(answer.id);
      return;
    }
    setErrors(answer.fields ?? {});
    setFailure({
      message: rules.messages.failed[editing ? "update" : "create"],
      detail: answer.detail,
    });
  }

  const invalid = (name: string) => errorProps(field(name), errors[name]);

  /** A field the owner changes loses its error from the last try; the rest keep theirs. */
  function forget(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (name && errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    if (name === "images" && failure?.message === rules.messages.noImage) setFailure(null);
  }
  // Every stock field has the same rule, so one message under the sizes serves them all.
  const stockError = Object.entries(errors).find(([name]) => name.startsWith("stock"))?.[1];
  /** Pieces of one size: empty (not tracked) or a whole number; what it showed goes along. */
  const stockInput = (size: string, label: string | undefined, className: string, id?: string) => {
    const names = rules.stockFields(size);
    const shown = product?.stock[size];
    return (
      <>
        <input
          id={id}
          name={names.name}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label={label}
          defaultValue={shown ?? ""}
          className={`min-h-11 rounded-lg border border-hairline bg-white px-1 text-center text-sm aria-[invalid=true]:border-danger ${className}`}
          {...(errors[names.name]
            ? { "aria-invalid": true, "aria-describedby": field("stock-error") }
            : {})}
        />
        {product ? <input type="hidden" name={names.was} value={shown ?? ""} /> : null}
      </>
    );
  };

  /** Whole shillings, 0 or more: the number keyboard on phones. */
  const priceField = (
    name: "originalPrice" | "price" | "salePrice",
    label: string,
    value: number | undefined,
    required: boolean,
  ) => (
    <FormField id={field(name)} label={label} required={required} error={errors[name]}>
      <input
        id={field(name)}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        required={required}
        defaultValue={value}
        className={inputClass}
        {...invalid(name)}
      />
    </FormField>
  );

  /** A moment in Nairobi time: phones show their own date and time picker. */
  const timeField = (name: "saleStartsAt" | "saleEndsAt", label: string, note: string) => {
    const value = product?.[name];
    return (
      <FormField id={field(name)} label={label} note={note} error={errors[name]}>
        <input
          id={field(name)}
          name={name}
          type="datetime-local"
          defaultValue={value ? nairobiLocal(value) : undefined}
          className={inputClass}
          {...invalid(name)}
        />
      </FormField>
    );
  };

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={product ? `/admin/products/${product.id}` : "/admin/products"}
      onSubmit={submit}
      onChange={forget}
      noValidate
      className="space-y-4"
      aria-label={editing ? "Edit Product" : "Add New Product"}
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <FormField id={field("name")} label="Name" required error={errors.name}>
        <input
          id={field("name")}
          name="name"
          required
          maxLength={120}
          defaultValue={product?.name}
          className={inputClass}
          {...invalid("name")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        {priceField(
          "originalPrice",
          "Original price (KSh, optional)",
          product?.originalPrice ? product.originalPrice : undefined,
          false,
        )}
        {priceField("price", "Current price (KSh)", product?.price, true)}
        <FormField id={field("category")} label="Category" required error={errors.category}>
          <select
            id={field("category")}
            name="category"
            defaultValue={product?.category ?? "dresses"}
            className={inputClass}
            {...invalid("category")}
          >
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <fieldset aria-describedby={field("sale-hint")}>
        <legend className="text-sm font-semibold">
          Sale <span className="font-normal text-muted">(optional)</span>
        </legend>
        <p id={field("sale-hint")} className="mt-0.5 text-xs text-muted">
          While it runs, the shop sells at the sale price, with the current price struck through and
          a 'Sale' badge. Times are Nairobi time.
        </p>
        <div className="mt-2 grid gap-4 sm:grid-cols-3">
          {priceField("salePrice", "Sale price (KSh)", product?.salePrice ?? undefined, false)}
          {timeField("saleStartsAt", "Sale starts", "(empty: at once)")}
          {timeField("saleEndsAt", "Sale ends", "(empty: until you end it)")}
        </div>
      </fieldset>
      <FormField id={field("description")} label="Description" required error={errors.description}>
        <textarea
          id={field("description")}
          name="description"
          required
          rows={3}
          maxLength={4000}
          defaultValue={product?.description}
          className={inputClass}
          {...invalid("description")}
        />
      </FormField>
      <FormField id={field("details")} label="Details" error={errors.details}>
        <textarea
          id={field("details")}
          name="details"
          rows={2}
          maxLength={4000}
          placeholder="Material, care, fit"
          defaultValue={product?.details ?? ""}
          className={inputClass}
        />
      </FormField>
      <fieldset className="group/sizes" aria-describedby={field("stock-hint")}>
        <legend className="text-sm font-semibold">
          Sizes and stock{" "}
          <span className="font-normal text-muted">(no sizes for accessories and shukas)</span>
        </legend>
        <p id={field("stock-hint")} className="mt-0.5 text-xs text-muted">
          Pieces on the shelf for each size chosen. Leave it empty to sell without counting.
        </p>
        <div className="mt-2 space-y-2">
          {rules.sizeGroups.map((group) => (
            <div key={group.label} className="flex flex-wrap items-start gap-1.5">
              <span className="w-full text-xs text-muted sm:w-32 sm:pt-3">{group.label}</span>
              {group.sizes.map((size) => (
                // The pieces field shows under its size once the size is chosen (CSS only, so
                // it works before JavaScript).
                <div key={size} className="group/size flex flex-col gap-1">
                  <label className="inline-flex min-h-11 min-w-14 cursor-pointer items-center justify-center rounded-lg border border-hairline px-2 text-sm has-checked:border-ink has-checked:bg-ink has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent">
                    <input
                      type="checkbox"
                      name="sizes"
                      value={size}
                      defaultChecked={product?.sizes.includes(size)}
                      className="sr-only"
                    />
                    {size}
                  </label>
                  {stockInput(
                    size,
                    `Pieces in size ${size}`,
                    "hidden w-14 self-center group-has-checked/size:block",
                  )}
                </div>
              ))}
            </div>
          ))}
        </div>
        <div className="mt-3 group-has-checked/sizes:hidden">
          <label htmlFor={field("stock")} className="block text-sm font-semibold">
            Pieces on the shelf <span className="font-normal text-muted">(without sizes)</span>
          </label>
          {stockInput("", undefined, "mt-1.5 block w-32", field("stock"))}
        </div>
        {stockError ? (
          <p id={field("stock-error")} className="mt-1.5 text-sm text-danger" role="alert">
            {stockError}
          </p>
        ) : null}
      </fieldset>
      <FormField id={field("lowStockAt")} label="Low stock at" error={errors.lowStockAt}>
        <input
          id={field("lowStockAt")}
          name="lowStockAt"
          type="number"
          inputMode="numeric"
          min={0}
          max={999}
          step={1}
          defaultValue={product?.lowStockAt ?? rules.lowStockAt}
          {...invalid("lowStockAt")}
          aria-describedby={
            errors.lowStockAt
              ? `${field("lowStockAt-error")} ${field("lowStockAt-help")}`
              : field("lowStockAt-help")
          }
          className={`${inputClass} sm:w-32`}
        />
        <p id={field("lowStockAt-help")} className="mt-1 text-xs text-muted">
          Pieces of a size. At this many or fewer, the dashboard counts the product as low stock.
        </p>
      </FormField>
      {product?.images.length ? (
        <fieldset>
          <legend className="text-sm font-semibold">Current images</legend>
          <ul className="mt-2 flex flex-wrap gap-3">
            {product.images.map((key, i) => (
              <li key={key} className="w-24">
                <div className="overflow-hidden rounded-lg border border-hairline">
                  <ProductImage image={key} alt="" productName={product.name} sizes="96px" />
                </div>
                <label className="mt-1 flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="keep"
                    value={key}
                    checked={kept.includes(key)}
                    onChange={(e) =>
                      setKept((now) =>
                        e.target.checked
                          ? product.images.filter((k) => k === key || now.includes(k))
                          : now.filter((k) => k !== key),
                      )
                    }
                    className="size-5 accent-accent"
                  />
                  Keep image {i + 1}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div>
        <label htmlFor={field("images")} className="block text-sm font-semibold">
          {editing ? "Add images" : "Images"}
          {editing ? null : (
            <span aria-hidden="true" className="text-accent">
              {" "}
              *
            </span>
          )}
        </label>
        <p id={`${field("images")}-hint`} className="mt-0.5 text-xs text-muted">
          PNG, JPEG or WebP, up to 10 MB each. Max {rules.maxImages} total
          {editing ? ` (room for ${Math.max(0, room)} more)` : ""}.
        </p>
        <label
          className={`mt-1.5 flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-dashed border-hairline bg-white px-4 text-sm has-focus-visible:outline-2 has-focus-visible:outline-accent ${room <= 0 ? "opacity-60" : ""}`}
        >
          <ImagePlus size={18} aria-hidden="true" />
          <span>{chosen.length ? `${chosen.length} chosen` : "Choose images"}</span>
          <input
            ref={fileInput}
            id={field("images")}
            name="images"
            type="file"
            multiple
            accept={rules.imageTypes.join(",")}
            disabled={room <= 0}
            aria-describedby={`${field("images")}-hint`}
            onChange={(e) => choose(e.currentTarget)}
            className="sr-only"
          />
        </label>
        {trimmed ? (
          <p className="mt-1 text-xs text-muted" role="status">
            Only the first {Math.max(0, room)} images are kept.
          </p>
        ) : null}
        {chosen.length ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen images">
            {chosen.map((c) => (
              <li key={c.url} className="w-20">
                <img
                  src={c.url}
                  alt={c.name}
                  className="aspect-[4/5] w-full rounded-lg object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="inStock"
            defaultChecked={product?.inStock ?? true}
            className="size-5 accent-accent"
          />
          Available (shown in the shop)
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="isFeatured"
            defaultChecked={product?.isFeatured ?? false}
            className="size-5 accent-accent"
          />
          Featured
        </label>
      </div>
      {progress !== null ? (
        <div>
          <label htmlFor={field("progress")} className="text-sm">
            {progress < 1
              ? `Uploading images: ${Math.round(progress * 100)}%`
              : "Processing images..."}
          </label>
          <progress
            id={field("progress")}
            max={100}
            value={Math.round(progress * 100)}
            className="mt-1 block h-2 w-full overflow-hidden rounded-full accent-accent"
          />
        </div>
      ) : null}
      {failure ? (
        <div role="alert" className="rounded-xl border border-danger/30 bg-danger/5 p-3 text-sm">
          <p className="font-semibold text-danger">{failure.message}</p>
          {failure.detail && failure.detail !== failure.message ? (
            <p className="mt-1">{failure.detail}</p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        {cancelHref ? (
          <Link
            to={cancelHref}
            preventScrollReset
            replace
            className="btn border border-hairline bg-white px-5"
          >
            Cancel
          </Link>
        ) : null}
        <button type="submit" disabled={saving} className="btn btn-primary px-6">
          {editing ? (saving ? "Saving..." : "Save Changes") : saving ? "Adding..." : "Add Product"}
        </button>
      </div>
    </form>
  );
}

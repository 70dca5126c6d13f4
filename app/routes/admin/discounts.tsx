import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { errorProps, FormField, inputClass } from "~/components/FormField";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { validateCodeForm } from "~/modules/discounts/code-form";
import type { CodeKind } from "~/modules/discounts/code-rules";
import {
  CodeFormError,
  createCode,
  listCodes,
  setCodeActive,
} from "~/modules/discounts/codes.server";
import { servicesContext } from "~/services.server";
import { CATEGORY_IDS, categoryName } from "~/terms/categories";
import { formatKsh } from "~/terms/money";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/discounts";

const NO_STORE = { "Cache-Control": "no-store" };

/** `/admin/discounts`: the shop's discount codes, their uses, and a form for a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  await requireAdmin(services, request, { codes: "manage" });
  const codes = await listCodes(db);
  return data(
    {
      codes: codes.map((c) => ({
        id: c.id,
        code: c.code,
        gives: givesText(c.kind, c.value),
        rules: rulesText(c),
        used: c.used,
        held: c.held,
        totalLimit: c.totalLimit,
        active: c.active,
        ended: c.endsAt !== null && c.endsAt <= new Date(),
      })),
    },
    { headers: NO_STORE },
  );
}

const givesText = (kind: CodeKind, value: number) =>
  kind === "percent"
    ? `${value}% off`
    : kind === "amount"
      ? `${formatKsh(value)} off`
      : "Free delivery";

/** The code's conditions in a line: minimum, dates, per-customer limit, categories. */
function rulesText(c: Awaited<ReturnType<typeof listCodes>>[number]) {
  return [
    c.minOrder ? `orders of ${formatKsh(c.minOrder)} or more` : "",
    c.startsAt ? `from ${formatDateTime(c.startsAt)}` : "",
    c.endsAt ? `until ${formatDateTime(c.endsAt)}` : "",
    c.perCustomerLimit ? `${c.perCustomerLimit} per customer` : "",
    c.categories.length ? `only ${c.categories.map(categoryName).join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { codes: "manage" });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "end" || intent === "restart") {
    const id = Number(form.get("id"));
    if (!Number.isInteger(id) || !(await setCodeActive(db, id, intent === "restart", admin.id))) {
      return data({ error: "That code is not there any more." }, { status: 404 });
    }
    return { ok: true };
  }
  if (intent !== "create") return data({ error: "Unknown action." }, { status: 400 });
  const checked = validateCodeForm(form);
  if (!checked.ok) return data({ errors: checked.errors }, { status: 400 });
  try {
    await createCode(db, checked.data, admin.id);
    return { created: checked.data.code };
  } catch (error) {
    if (!(error instanceof CodeFormError)) throw error;
    const errors: Partial<Record<string, string>> = { code: error.message };
    return data({ errors }, { status: 409 });
  }
}

/** What the per-customer limit can and cannot know, under its field. */
export const PER_CUSTOMER_HINT =
  "Counted by the order's phone and by the M-Pesa number that pays, so the same payer under another phone is refused. It cannot know one person using another phone and another M-Pesa number, or a card payer who gives another phone.";

export default function DiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { codes } = loaderData;
  const errors: Partial<Record<string, string>> =
    actionData && "errors" in actionData ? actionData.errors : {};
  const created = actionData && "created" in actionData ? actionData.created : null;
  const navigation = useNavigation();
  const [kind, setKind] = useState<CodeKind>("percent");
  const invalid = (name: string) => errorProps(`code-${name}`, errors[name]);
  /** An optional field: a number of shillings or uses, or a Nairobi time. */
  const field = (
    name: string,
    label: string,
    type: "number" | "datetime-local",
    note?: string,
    hint?: string,
  ) => {
    const described = [errors[name] ? `code-${name}-error` : "", hint ? `code-${name}-hint` : ""]
      .filter(Boolean)
      .join(" ");
    return (
      <div>
        <FormField id={`code-${name}`} label={label} note={note} error={errors[name]}>
          <input
            id={`code-${name}`}
            name={name}
            type={type}
            {...(type === "number" ? { inputMode: "numeric" as const, min: 0 } : {})}
            className={inputClass}
            {...invalid(name)}
            {...(described ? { "aria-describedby": described } : {})}
          />
        </FormField>
        {hint ? (
          <p id={`code-${name}-hint`} className="mt-1.5 text-xs text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="codes-heading">
        <h2 id="codes-heading" className="text-lg font-semibold">
          Discount codes
        </h2>
        {codes.length === 0 ? (
          <p className="mt-2 text-sm text-muted">
            No codes yet. Create one to share on Instagram or WhatsApp.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-hairline rounded-xl border border-hairline bg-white">
            {codes.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-center gap-3 p-4"
                data-testid="code-row"
              >
                <div className="min-w-48 flex-1">
                  <p className="font-mono font-semibold">{c.code}</p>
                  <p className="text-sm">{c.gives}</p>
                  {c.rules ? <p className="text-xs text-muted">{c.rules}</p> : null}
                </div>
                <p className="text-sm tabular" data-testid="code-uses">
                  {c.used} paid
                  {c.held ? `, ${c.held} awaiting payment` : ""}
                  {c.totalLimit ? ` of ${c.totalLimit}` : ""}
                </p>
                <span
                  className={`text-sm font-semibold ${c.active && !c.ended ? "text-success" : "text-muted"}`}
                >
                  {!c.active ? "Ended by you" : c.ended ? "Expired" : "Running"}
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={c.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={c.active ? "end" : "restart"}
                    className="btn min-h-11 border border-hairline bg-white px-4 text-sm"
                  >
                    {c.active ? "End now" : "Start again"}
                    <span className="sr-only"> {c.code}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="new-code-heading"
        className="rounded-xl border border-hairline bg-white p-4"
      >
        <h2 id="new-code-heading" className="text-lg font-semibold">
          New code
        </h2>
        {created ? (
          <p
            role="status"
            className="mt-2 rounded-lg border border-success/40 bg-white p-3 text-sm font-semibold text-success"
          >
            Code {created} created.
          </p>
        ) : null}
        <Form method="post" className="mt-3 space-y-3" key={created ?? "new"} noValidate>
          <input type="hidden" name="intent" value="create" />
          <FormField id="code-code" label="Code" required error={errors.code}>
            <input
              id="code-code"
              name="code"
              required
              maxLength={40}
              autoCapitalize="characters"
              placeholder="JAMHURI10"
              className={`${inputClass} uppercase`}
              {...invalid("code")}
            />
          </FormField>
          <fieldset>
            <legend className="text-sm font-semibold">It gives</legend>
            {(
              [
                ["percent", "A percentage off"],
                ["amount", "Shillings off"],
                ["free_delivery", "Free delivery"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="size-5 accent-accent"
                />
                {label}
              </label>
            ))}
          </fieldset>
          {kind === "free_delivery" ? null : (
            <FormField
              id="code-value"
              label={kind === "percent" ? "Percent off" : "Shillings off (KSh)"}
              required
              error={errors.value}
            >
              <input
                id="code-value"
                name="value"
                type="number"
                inputMode="numeric"
                min={1}
                max={kind === "percent" ? 100 : undefined}
                required
                className={inputClass}
                {...invalid("value")}
              />
            </FormField>
          )}
          {field("minOrder", "Smallest order (KSh)", "number")}
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {field("startsAt", "Starts", "datetime-local", "(empty: at once)")}
            {field("endsAt", "Ends", "datetime-local", "(empty: until you end it)")}
            {field("totalLimit", "Uses in all", "number", "(empty: no limit)")}
            {field(
              "perCustomerLimit",
              "Uses per customer (by phone)",
              "number",
              "(empty: no limit)",
              PER_CUSTOMER_HINT,
            )}
          </div>
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">
              Only some categories (optional)
            </summary>
            <div className="grid grid-cols-2 gap-1">
              {CATEGORY_IDS.map((id) => (
                <label key={id} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="categories"
                    value={id}
                    className="size-5 accent-accent"
                  />
                  {categoryName(id)}
                </label>
              ))}
            </div>
            {errors.categories ? (
              <p role="alert" className="text-sm text-danger">
                {errors.categories}
              </p>
            ) : null}
          </details>
          <p className="text-xs text-muted">
            Times are Nairobi time. A use counts once its order is paid; an order awaiting payment
            holds one.
          </p>
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="btn btn-primary w-full"
          >
            Create code
          </button>
        </Form>
      </section>
    </div>
  );
}

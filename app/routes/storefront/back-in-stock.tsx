import { data, Form, Link, redirect, useNavigation } from "react-router";
import { errorProps, FormField, inputClass } from "~/components/FormField";
import { ProductImage } from "~/components/ProductImage";
import { orUnavailable } from "~/db/unavailable.server";
import { msg } from "~/i18n/messages";
import { productPage } from "~/modules/catalog/products.server";
import { whatsappLink } from "~/modules/contact/contact-message";
import { askBackInStock, stockAlertSchema } from "~/modules/inventory/stock-alert-form";
import { askForStockAlert } from "~/modules/inventory/stock-alerts.server";
import { clientAddressContext, servicesContext } from "~/services.server";
import { formatKsh } from "~/terms/money";
import { readForm } from "~/utils/form-data.server";
import { pathLanguage } from "~/utils/language";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/back-in-stock";

/**
 * `/product/{id}/back-in-stock`: 'Tell me when it is back' for a product sold out in every size.
 * A page of its own, so the product page carries none of this form's code.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { product } = await orUnavailable(() =>
    productPage(context.get(servicesContext).database, params.id),
  );
  if (!product) throw data(msg.alertProductNotFound, { status: 404 });
  const { id, name, price, sizes, images } = product;
  return { id, name, price, sizes, image: images[0] ?? null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: loaderData ? msg.alertTitle(loaderData.name) : msg.tellMeWhenBack,
    description: msg.alertDescription,
    path: `/product/${loaderData?.id ?? ""}/back-in-stock`,
    noindex: true,
  });

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const size = String(form.get("size") ?? "");
  if (form.get("intent") === "whatsapp") {
    const url = `${services.settings.PUBLIC_URL}/product/${params.id}`;
    const [name] = await services.db.query.products.findMany({
      columns: { name: true },
      where: (p, { eq }) => eq(p.id, params.id),
    });
    if (!name) throw data(msg.alertProductNotFound, { status: 404 });
    const text = askBackInStock(name.name, size.slice(0, 40), url);
    throw redirect(whatsappLink(services.settings.SHOP_WHATSAPP, text));
  }
  const checked = stockAlertSchema.safeParse({ phone: String(form.get("phone") ?? ""), size });
  if (!checked.success) {
    return data(
      { ok: false as const, field: "phone", error: checked.error.issues[0]!.message },
      { status: 400 },
    );
  }
  const answer = await askForStockAlert(
    services.db,
    {
      ...checked.data,
      productId: params.id,
      clientAddress: context.get(clientAddressContext),
      language: pathLanguage(new URL(request.url).pathname),
    },
    services.settings,
  );
  return data({ ...answer, field: null }, { status: answer.ok ? 200 : answer.status });
}

export default function BackInStock({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, price, sizes, image } = loaderData;
  const busy = useNavigation().state !== "idle";
  const phoneError = actionData?.ok === false && actionData.field ? actionData.error : undefined;
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-12">
      <h1 className="text-3xl font-bold">{msg.tellMeWhenBack}</h1>
      <Link
        to={`/product/${id}`}
        className="mt-5 flex items-center gap-4 rounded-xl border border-hairline bg-white p-3"
      >
        <span className="w-16 shrink-0 overflow-hidden rounded-lg">
          <ProductImage image={image} alt="" productName={name} sizes="64px" />
        </span>
        <span>
          <span className="block font-semibold underline-offset-4 hover:underline">{name}</span>
          <span className="block text-sm text-muted tabular">{`${formatKsh(price)} · ${msg.soldOut}`}</span>
        </span>
      </Link>
      <p className="mt-4 text-muted">{msg.alertIntro}</p>
      <Form method="post" className="mt-8 space-y-4">
        {sizes.length > 1 ? (
          <FormField id="alert-size" label={msg.size} note={msg.optionalField}>
            <select id="alert-size" name="size" className={inputClass}>
              <option value="">{msg.anySize}</option>
              {sizes.map((size) => (
                <option key={size}>{size}</option>
              ))}
            </select>
          </FormField>
        ) : (
          <input type="hidden" name="size" value="" />
        )}
        <FormField id="alert-phone" label={msg.alertPhone} required error={phoneError}>
          <input
            id="alert-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="0712345678"
            required
            {...errorProps("alert-phone", phoneError)}
            className={inputClass}
          />
        </FormField>
        {actionData?.ok ? (
          <p role="status" className="rounded-xl bg-success/10 px-4 py-3 text-sm font-medium">
            {actionData.message}
          </p>
        ) : actionData && !phoneError ? (
          <p role="alert" className="rounded-xl bg-danger/5 px-4 py-3 text-sm text-danger">
            {actionData.error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="alert"
            disabled={busy}
            className="btn btn-primary"
          >
            {msg.tellMeWhenBack}
          </button>
          <button
            type="submit"
            name="intent"
            value="whatsapp"
            formNoValidate
            className="btn border border-ink bg-white"
          >
            {msg.askOnWhatsapp}
          </button>
        </div>
      </Form>
    </main>
  );
}

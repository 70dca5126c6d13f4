import ShoppingBag from "lucide-react/icons/shopping-bag";
import Trash2 from "lucide-react/icons/trash";
import { useEffect, useState } from "react";
import { data, Form, Link, redirectDocument, useFetchers, useNavigation } from "react-router";
import { ClearCartButton, useClearCart } from "~/components/cart/ClearCartButton";
import { moreForFreeDelivery } from "~/components/cart/delivery-text";
import { QuantityStepper } from "~/components/cart/QuantityStepper";
import { FormField, inputClass } from "~/components/FormField";
import { loadThroughDrops } from "~/components/offline/ConnectionNotice";
import { ProductImage } from "~/components/ProductImage";
import { useFieldErrors } from "~/components/use-field-errors";
import { useHydrated } from "~/components/use-hydrated";
import { orUnavailable } from "~/db/unavailable.server";
import { codeAction, codeOfCart } from "~/flows/apply-code.server";
import { startCheckout } from "~/flows/start-checkout.server";
import { msg } from "~/i18n/messages";
import { cartCode, loadCart, readCartId } from "~/modules/cart/cart.server";
import { cartAction } from "~/modules/cart/cart-action.server";
import { totalForChosenDelivery } from "~/modules/checkout/checkout-form";
import {
  DELIVERY_METHODS,
  deliveryFee,
  orderTotal,
  PICKUP_LOCATIONS,
  shortOfFreeDelivery,
} from "~/modules/checkout/delivery";
import { CheckoutError } from "~/modules/checkout/pricing";
import { checkoutToRetry, retryCookie } from "~/modules/orders/order-success.server";
import { paymentChoices } from "~/modules/payments/catalogue";
import { useShopConfig } from "~/root";
import { clientAddressContext, servicesContext } from "~/services.server";
import { formatKsh } from "~/terms/money";
import { readForm } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/cart";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, payments } = context.get(servicesContext);
  return orUnavailable(async () => {
    const cartId = await readCartId(request);
    const cart = await loadCart(db, cartId);
    // After 'Try again': the shopper's details from the order, and why its payment failed.
    const retry = cart.items.length ? await checkoutToRetry(db, request, cartId) : null;
    return {
      cart,
      retry,
      payments: paymentChoices(payments.names()),
      code: await codeOfCart(db, cart),
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: msg.cartTitle,
    description: msg.cartDescription,
    path: "/cart",
    noindex: true,
  });

const FIELDS = [
  "name",
  "phone",
  "email",
  "address",
  "city",
  "notes",
  "deliveryMethod",
  "pickupLocation",
  "paymentProvider",
  "payerPhone",
] as const;

/** The checkout form's rules (zod), loaded on demand: the page's first JavaScript stays light. */
const loadCheckoutRules = () =>
  import("~/modules/checkout/checkout-form").then(
    ({ checkoutErrors }) =>
      (values: Record<string, unknown>) => {
        const errors = checkoutErrors(values);
        return Object.keys(errors).length
          ? { ok: false as const, errors }
          : { ok: true as const, data: null };
      },
  );

const numberField = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" && value !== "" ? Number(value) : Number.NaN;
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "apply-code" || intent === "remove-code") {
    return codeAction(services.db, request, form, context.get(clientAddressContext));
  }
  if (intent !== "checkout") return cartAction(services.db, request, form, intent);

  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  // The browser checked with the same rules; the server decides. Each message goes beside its
  // field, all of them at once, in the spec's order.
  const checked = (await loadCheckoutRules())(values);
  if (!checked.ok) return data({ errors: checked.errors, values }, { status: 400 });
  const freeDeliveryOver = services.settings.FREE_DELIVERY_OVER;
  const seenSubtotal = numberField(form, "subtotal");
  // The total the Pay button said (none for Enter in a field: the total on show). A browser that
  // cannot hide the other methods' buttons (app.css) shows them all; if the shopper pressed
  // another method's, nothing is charged until they have seen the chosen one's.
  const shownTotal = numberField(form, "total");
  // The discount the page showed, only to tell the total the shopper saw: the server prices it.
  const seenOffer = {
    discount: Math.max(0, numberField(form, "discount") || 0),
    freeDelivery: form.get("freeDelivery") === "1",
  };
  if (Number.isFinite(seenSubtotal) && Number.isFinite(shownTotal)) {
    const chosenTotal = orderTotal(
      seenSubtotal,
      values.deliveryMethod,
      freeDeliveryOver,
      seenOffer,
    );
    if (shownTotal !== chosenTotal) {
      return data(
        {
          error: { message: totalForChosenDelivery(chosenTotal), field: "deliveryMethod" },
          values,
        },
        { status: 409 },
      );
    }
  }
  const cart = await loadCart(services.db, await readCartId(request));
  const discountCode = (await cartCode(services.db, cart.id)) ?? undefined;
  try {
    const chosen = values.paymentProvider;
    const { redirectUrl } = await startCheckout(services, request, {
      form: values,
      items: cart.items.map((i) => ({
        productId: i.productId,
        size: i.size,
        quantity: i.quantity,
      })),
      // The shopper saw this subtotal; the fee follows the method chosen in the same form.
      clientTotal: Number.isFinite(seenSubtotal)
        ? orderTotal(seenSubtotal, values.deliveryMethod, freeDeliveryOver, seenOffer)
        : undefined,
      discountCode,
      provider: chosen ? chosen.slice(0, 40) : undefined,
      payerPhone: values.payerPhone,
      clientAddress: context.get(clientAddressContext),
    });
    // A full page load: the payment page is not one of the shop's routes. A new order is on its
    // way, so the cart page stops filling its form from the one tried again.
    throw redirectDocument(redirectUrl, {
      headers: { "Set-Cookie": await retryCookie.serialize("", { maxAge: 0 }) },
    });
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    return data(
      { error: { message: error.message, field: error.field ?? null }, values },
      { status: error.status },
    );
  }
}

/** The shopper's contact fields, each required, with the keyboard and autofill it wants. */
const contactFields = () =>
  [
    { name: "name", label: msg.fullName, autoComplete: "name" },
    {
      name: "phone",
      label: msg.phone,
      type: "tel",
      autoComplete: "tel",
      inputMode: "tel",
      placeholder: "0712345678",
    },
    {
      name: "email",
      label: msg.fieldEmail,
      type: "email",
      inputMode: "email",
      autoComplete: "email",
    },
  ] as const;

/** A radio choice drawn as a card: delivery methods, pickup points, ways to pay. */
const CHOICE =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-hairline px-4 py-2 has-[:checked]:border-ink has-[:checked]:bg-sand";

const formatFee = (fee: number) => (fee === 0 ? msg.free : formatKsh(fee));

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, retry, payments, code } = loaderData;
  const offer = code?.offer ?? undefined;
  const codeAnswer = actionData && "codeError" in actionData ? actionData : null;
  const codeError = codeAnswer?.codeError ?? code?.error;
  const { freeDeliveryOver } = useShopConfig();
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  // A quantity change on its way: the total on the Pay button is not yet the cart's, and a Pay
  // now would be refused as 'Prices have changed'. Pay waits for the new total.
  const fetchers = useFetchers();
  const updating =
    !submitting && (navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle"));
  // What was typed: the form's last post, else the order tried again.
  const values = actionData && "values" in actionData ? actionData.values : retry?.values;
  const error =
    actionData && "error" in actionData && typeof actionData.error === "object"
      ? actionData.error
      : null;
  const checkout = useFieldErrors({
    fromServer: actionData && "errors" in actionData ? actionData.errors : undefined,
    loadRules: loadCheckoutRules,
  });
  const { errors, field } = checkout;
  const [method, setMethod] = useState<string>(values?.deliveryMethod || "pickup");
  const [pickupAt, setPickupAt] = useState<string>(
    PICKUP_LOCATIONS.find((l) => l === values?.pickupLocation) ?? PICKUP_LOCATIONS[0],
  );
  // What was typed survives a reload (a dropped connection's among them) until an order is
  // placed (the order's page lets it go); the server's values, when it sent some, come first.
  const formRef = checkout.form.ref;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let stop: (() => void) | undefined;
    let gone = false;
    // A drop before its code came waits for the connection (the notice says so), not fails.
    void loadThroughDrops(() => import("~/components/cart/keep-checkout-draft")).then(
      ({ keepCheckoutDraft }) => {
        if (!gone) stop = keepCheckoutDraft(form, !values);
      },
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [formRef, values]);
  const shortBy = offer?.freeDelivery
    ? 0
    : shortOfFreeDelivery(cart.total - (offer?.discount ?? 0), freeDeliveryOver);
  // Before JavaScript, the totals and the Pay button are drawn for every method and the page's
  // style shows the chosen one's (app.css): the first Pay charges what it says for any choice.
  const hydrated = useHydrated();
  const drawnFor = hydrated ? [method] : DELIVERY_METHODS.map((m) => m.id);
  const clearCart = useClearCart(cart.items);

  if (cart.items.length === 0) {
    return (
      <main
        id="main"
        className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center"
      >
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-sand text-accent">
          <ShoppingBag size={28} aria-hidden="true" />
        </span>
        <h1 tabIndex={-1} className="mt-6 text-3xl font-bold focus:outline-none">
          {msg.cartEmptyTitle}
        </h1>
        <p className="mt-2 text-muted">{msg.cartEmptyText}</p>
        <Link to="/shop" className="btn btn-primary mt-8">
          {msg.continueShopping}
        </Link>
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6">
      <h1 tabIndex={-1} className="text-3xl font-bold focus:outline-none sm:text-4xl">
        {msg.yourCart}
      </h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="cart-items-heading">
          <div className="flex items-center justify-between">
            <h2 id="cart-items-heading" className="text-lg font-semibold">
              {msg.itemCount(cart.count)}
            </h2>
            <ClearCartButton {...clearCart} />
          </div>
          <ul className="mt-4 divide-y divide-hairline border-y border-hairline">
            {cart.items.map((item) => (
              <li
                key={`${item.productId}-${item.size}`}
                className="flex gap-4 py-4"
                data-testid="cart-line"
              >
                <Link
                  to={`/product/${item.productId}`}
                  tabIndex={-1}
                  aria-hidden="true"
                  className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24"
                >
                  <ProductImage image={item.image} alt="" productName={item.name} sizes="96px" />
                </Link>
                <div className="flex flex-1 flex-col gap-1">
                  <div className="flex justify-between gap-3">
                    <div>
                      <Link
                        to={`/product/${item.productId}`}
                        className="font-medium hover:text-accent"
                      >
                        {item.name}
                      </Link>
                      {item.size ? (
                        <p className="text-sm text-muted">{msg.sizeIs(item.size)}</p>
                      ) : null}
                      {!item.available ? (
                        <p className="text-sm font-semibold text-danger">{msg.noLongerAvailable}</p>
                      ) : null}
                      {item.limit ? (
                        <p
                          className={`text-sm font-medium ${item.left !== null && item.quantity > item.left ? "text-danger" : "text-muted"}`}
                          data-testid="line-limit"
                        >
                          {item.limit}
                        </p>
                      ) : null}
                    </div>
                    <p className="font-semibold whitespace-nowrap tabular">
                      {formatKsh(item.price * item.quantity)}
                    </p>
                  </div>
                  <p className="text-sm whitespace-nowrap text-muted tabular">
                    {msg.priceEach(formatKsh(item.price))}
                    {item.wasPrice ? <s className="ml-2">{formatKsh(item.wasPrice)}</s> : null}
                  </p>
                  <div className="mt-auto flex items-center justify-between">
                    <QuantityStepper {...item} />
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="productId" value={item.productId} />
                      <input type="hidden" name="size" value={item.size} />
                      <input type="hidden" name="returnTo" value="/cart" />
                      <button
                        type="submit"
                        className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:text-danger"
                        aria-label={msg.removeLine(item.name, item.size)}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                        {msg.remove}
                      </button>
                    </Form>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="checkout-heading"
          className="rounded-2xl border border-hairline bg-white p-5 sm:p-6"
        >
          <h2 id="checkout-heading" className="text-xl font-bold">
            {msg.checkout}
          </h2>
          {retry ? (
            <div
              role="status"
              className="mt-4 space-y-1 rounded-xl border border-gold/40 bg-gold-soft/40 px-4 py-3 text-sm"
            >
              {retry.failure ? (
                <>
                  <p className="font-semibold">{msg.lastPaymentFailed}</p>
                  <p>{retry.failure}</p>
                </>
              ) : null}
              <p>{msg.detailsFilledIn}</p>
            </div>
          ) : null}
          <Form id="discount-code" method="post" preventScrollReset />
          <Form method="post" className="mt-5 space-y-4" {...checkout.form}>
            <input type="hidden" name="intent" value="checkout" />
            <input type="hidden" name="subtotal" value={cart.total} />
            <input type="hidden" name="discount" value={offer?.discount ?? 0} />
            <input type="hidden" name="freeDelivery" value={offer?.freeDelivery ? 1 : 0} />
            {/* Enter in a field presses a form's first submit button: this one, which pays the
                chosen method's total (the one on show), rather than 'Update total'. */}
            <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
            {contactFields().map(({ name, label, ...input }) => (
              <FormField
                key={name}
                id={`checkout-${name}`}
                label={label}
                required
                error={errors[name]}
              >
                <input
                  id={`checkout-${name}`}
                  name={name}
                  required
                  defaultValue={values?.[name]}
                  {...input}
                  {...field(name, `checkout-${name}`)}
                  className={inputClass}
                />
              </FormField>
            ))}

            <fieldset>
              <legend className="text-sm font-semibold">{msg.deliveryMethodLegend}</legend>
              <div className="mt-2 grid gap-2">
                {DELIVERY_METHODS.map((m) => (
                  <label key={m.id} className={`${CHOICE} justify-between`}>
                    <span className="flex items-center gap-3">
                      <input
                        type="radio"
                        name="deliveryMethod"
                        value={m.id}
                        checked={method === m.id}
                        onChange={() => setMethod(m.id)}
                      />
                      {msg.deliveryMethods[m.id]}
                    </span>
                    <span className="text-sm tabular">
                      {formatFee(deliveryFee(m.id, cart.total, freeDeliveryOver, offer))}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>

            {/* The address for matatu and rider, the pickup points for pickup: both are drawn and
                the page's style shows the one the chosen method needs, with JavaScript or without
                (app.css). What was typed stays while the shopper changes their mind. */}
            <div data-for-delivery="">
              <FormField
                id="checkout-address"
                label={msg.deliveryAddress}
                required
                error={errors.address}
              >
                {/* aria-required, not required: the browser must not block a pickup order on a
                    field it does not show. The server asks for it for matatu and rider. */}
                {/* One line of an address: street-address is for a textarea only (HTML). */}
                <input
                  id="checkout-address"
                  name="address"
                  autoComplete="address-line1"
                  aria-required="true"
                  defaultValue={values?.address}
                  {...field("address", "checkout-address")}
                  placeholder={msg.deliveryAddressPlaceholder}
                  className={inputClass}
                />
              </FormField>
            </div>
            {/* Radios rather than a select: each pickup point reads in full, even on a phone. */}
            <fieldset data-for-pickup="">
              <legend className="text-sm font-semibold">{msg.pickupLocation}</legend>
              <div className="mt-2 grid gap-2">
                {PICKUP_LOCATIONS.map((location) => (
                  <label key={location} className={CHOICE}>
                    <input
                      type="radio"
                      name="pickupLocation"
                      value={location}
                      checked={pickupAt === location}
                      onChange={() => setPickupAt(location)}
                    />
                    {location}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField id="checkout-city" label={msg.city}>
              <input
                id="checkout-city"
                name="city"
                autoComplete="address-level2"
                defaultValue={values?.city}
                className={inputClass}
              />
            </FormField>
            <FormField id="checkout-notes" label={msg.orderNotes}>
              <textarea
                id="checkout-notes"
                name="notes"
                rows={3}
                defaultValue={values?.notes}
                className={inputClass}
              />
            </FormField>

            {payments.length > 1 ? (
              <fieldset>
                <legend className="text-sm font-semibold">{msg.payment}</legend>
                <div className="mt-2 grid gap-2">
                  {payments.map((p) => (
                    <label key={p.name} className={CHOICE}>
                      <input
                        type="radio"
                        name="paymentProvider"
                        value={p.name}
                        defaultChecked={(values?.paymentProvider || payments[0]!.name) === p.name}
                        data-asks-phone={p.asksPayerPhone ? "" : undefined}
                      />
                      {p.choice}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {/* Shown while a phone-prompt method is chosen (app.css), with JavaScript or without. */}
            {payments.some((p) => p.asksPayerPhone) ? (
              <div data-payer-phone="">
                <FormField
                  id="checkout-payerPhone"
                  label={msg.payerPhone}
                  error={error?.field === "payerPhone" ? error.message : undefined}
                >
                  <input
                    id="checkout-payerPhone"
                    name="payerPhone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder="0712345678"
                    defaultValue={values?.payerPhone}
                    className={inputClass}
                  />
                </FormField>
              </div>
            ) : null}

            {/* The code's own form (below): its field and buttons sit here, in the summary. */}
            <div className="border-t border-hairline pt-4">
              <label htmlFor="discount-code-field" className="text-sm font-semibold">
                {msg.discountCode}
              </label>
              <div className="mt-1.5 flex gap-2">
                <input
                  id="discount-code-field"
                  name="code"
                  form="discount-code"
                  defaultValue={codeAnswer?.typedCode ?? code?.code ?? ""}
                  key={codeAnswer?.typedCode ?? code?.code}
                  maxLength={40}
                  autoCapitalize="characters"
                  autoComplete="off"
                  className={`${inputClass} flex-1 uppercase`}
                  {...(codeError
                    ? { "aria-invalid": true, "aria-describedby": "discount-code-error" }
                    : {})}
                />
                <button
                  type="submit"
                  form="discount-code"
                  name="intent"
                  value="apply-code"
                  className="btn border border-ink bg-white"
                >
                  {msg.apply}
                </button>
              </div>
              {codeError ? (
                <p id="discount-code-error" role="alert" className="mt-1.5 text-sm text-danger">
                  {codeError}{" "}
                  {code && !offer ? (
                    <button
                      type="submit"
                      form="discount-code"
                      name="intent"
                      value="remove-code"
                      className="min-h-11 text-accent underline"
                    >
                      {msg.removeTheCode}
                    </button>
                  ) : null}
                </p>
              ) : null}
            </div>
            <dl className="space-y-2 tabular">
              <div className="flex justify-between">
                <dt>{msg.subtotal}</dt>
                <dd>{formatKsh(cart.total)}</dd>
              </div>
              {offer ? (
                <div className="flex items-center justify-between gap-2" data-testid="discount">
                  <dt className="flex flex-wrap items-center gap-x-2">
                    {offer.freeDelivery
                      ? msg.freeDeliveryCode(offer.code ?? "")
                      : msg.discountNamed(offer.code ?? "")}
                    <button
                      type="submit"
                      form="discount-code"
                      name="intent"
                      value="remove-code"
                      className="min-h-11 text-sm text-accent underline"
                    >
                      <span aria-hidden="true">{msg.remove}</span>
                      <span className="sr-only">{msg.removeCode(offer.code ?? "")}</span>
                    </button>
                  </dt>
                  <dd className="whitespace-nowrap text-success">
                    {offer.discount ? `-${formatKsh(offer.discount)}` : ""}
                  </dd>
                </div>
              ) : null}
            </dl>
            {drawnFor.map((m) => (
              <dl key={m} data-for-method={m} className="space-y-2 tabular">
                <div className="flex justify-between">
                  <dt>{msg.deliveryFeeLabel}</dt>
                  <dd data-testid="delivery-fee">
                    {formatFee(deliveryFee(m, cart.total, freeDeliveryOver, offer))}
                  </dd>
                </div>
                <div className="flex justify-between text-lg font-bold">
                  <dt>{msg.total}</dt>
                  <dd data-testid="order-total">
                    {formatKsh(orderTotal(cart.total, m, freeDeliveryOver, offer))}
                  </dd>
                </div>
              </dl>
            ))}
            {shortBy > 0 ? (
              <p className="text-sm text-muted">{moreForFreeDelivery(shortBy)}</p>
            ) : null}

            {error && error.field !== "payerPhone" ? (
              <p
                role="alert"
                className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
              >
                {error.message}
              </p>
            ) : null}

            {/* Each says the total it sends, so the server charges nothing else. */}
            {drawnFor.map((m) => {
              const total = orderTotal(cart.total, m, freeDeliveryOver, offer);
              return (
                <button
                  key={m}
                  type="submit"
                  name="total"
                  value={total}
                  data-for-method={m}
                  disabled={submitting || updating}
                  className="btn btn-primary w-full disabled:opacity-70"
                >
                  {submitting
                    ? msg.processing
                    : updating
                      ? msg.updatingTotal
                      : total === 0
                        ? msg.placeOrderNothingToPay
                        : msg.payAmount(formatKsh(total))}
                </button>
              );
            })}
            <p className="text-center text-xs text-muted">
              {payments.map((p) => p.note).join(" ")}
            </p>
          </Form>
        </section>
      </div>
    </main>
  );
}

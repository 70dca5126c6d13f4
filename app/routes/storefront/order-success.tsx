import CheckCircle2 from "lucide-react/icons/circle-check";
import XCircle from "lucide-react/icons/circle-x";
import Clock from "lucide-react/icons/clock";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirectDocument, useLocation, useRevalidator } from "react-router";
import { CHECKOUT_DRAFT } from "~/components/cart/checkout-draft";
import { DemoBanner } from "~/components/DemoBanner";
import { DiscountRow, OrderItemList } from "~/components/OrderItemList";
import { PayAgainForm } from "~/components/PayAgainForm";
import { PaymentHeader } from "~/components/PaymentHeader";
import type { RefreshHandle } from "~/components/RefreshWithoutScripts";
import { payOrderAgain } from "~/flows/pay-again.server";
import { arriveFromPayment } from "~/flows/return-from-payment.server";
import { msg } from "~/i18n/messages";
import { readCartId } from "~/modules/cart/cart.server";
import { whatsappLink } from "~/modules/contact/contact-message";
import { toOrderLanguage } from "~/modules/orders/order-language.server";
import { paymentOfAttempt } from "~/modules/orders/payment-waiting.server";
import { useShopConfig } from "~/root";
import { servicesContext } from "~/services.server";
import { formatKsh } from "~/terms/money";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/order-success";

/** How long 'Confirming your payment...' waits before it offers the next steps instead. */
const CONFIRMING_FOR_MS = 2 * 60_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  // From the shop's own waiting page (an attempt's token), or back from a provider's page.
  const attempt = url.searchParams.get("attempt");
  const payment = attempt
    ? await paymentOfAttempt(services, attempt.slice(0, 100))
    : services.payments.fromReturn(url);
  const order = await arriveFromPayment(services, payment, await readCartId(request));
  if (order) toOrderLanguage(request, order.language);
  // Without JavaScript the page refreshes itself, carrying when the shopper arrived.
  const since = Number(url.searchParams.get("since"));
  const arrived = Number.isFinite(since) && since > 0 && since <= Date.now() ? since : Date.now();
  const waited = Date.now() - arrived;
  return { order, payment, arrived, waited, gaveUp: waited > CONFIRMING_FOR_MS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // 'Try again' or 'Pay again': a new attempt of the same order (decision 59), never a new order.
  const answer = await payOrderAgain(
    context.get(servicesContext),
    String(form.get("attempt") ?? "").slice(0, 100),
    await readCartId(request),
  );
  if ("error" in answer) return data({ payError: answer.error }, { status: answer.status });
  // Another provider's page is not one of the shop's routes: a full page load.
  throw redirectDocument(answer.redirectUrl);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.order?.payment === "paid" ? msg.successTitle : msg.yourOrder },
  { name: "robots", content: "noindex" },
];

const REFRESH_SECONDS = 4;

type Data = Route.ComponentProps["loaderData"];
/** Whether the page waits for the provider's word (and looks again until it comes). */
const isPending = (order: Data["order"], gaveUp: boolean) =>
  order?.payment === "confirming" && !order.paidAs && !gaveUp;

/** Without JavaScript the page refreshes itself while the payment is confirmed. */
export const handle: RefreshHandle<Data> = {
  refreshWithoutScripts: ({ order, gaveUp, arrived }, at) =>
    isPending(order, gaveUp) ? `${REFRESH_SECONDS}; url=${refreshUrl(at, arrived)}` : null,
};

export default function OrderSuccess({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const config = useShopConfig();
  // The first answer's: the answers to JavaScript's checks carry no arrival of their own.
  const [{ arrived, waited }] = useState(loaderData);
  const [gaveUp, setGaveUp] = useState(loaderData.gaveUp);
  const pending = isPending(order, gaveUp);
  // The revalidator changes with every check it makes: kept aside, so the timers below are not
  // started again (and the two minutes with them) on each one.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // While the provider confirms (mobile money takes a few seconds), ask again every few seconds,
  // for two minutes; then say what to do instead of spinning on. The two minutes are timed on
  // this device from what the shop had already waited: a phone's clock may be minutes off.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => revalidate.current(), REFRESH_SECONDS * 1000);
    const stop = setTimeout(() => setGaveUp(true), Math.max(0, CONFIRMING_FOR_MS - waited));
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [pending, waited]);
  const again = refreshUrl(useLocation(), arrived);
  // The order is placed: the checkout's details typed for it are not kept any longer.
  useEffect(() => {
    if (order) sessionStorage.removeItem(CHECKOUT_DRAFT);
  }, [order]);
  const whatsapp = order
    ? whatsappLink(config.whatsapp, msg.orderQuestion(order.reference))
    : whatsappLink(config.whatsapp, msg.orderQuestionNoReference);

  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      {config.demoPayments ? <DemoBanner /> : null}
      <PaymentHeader shopName={config.shopName} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-6 py-16 text-center"
      >
        {actionData?.payError ? (
          <p
            role="alert"
            className="mb-6 w-full rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
          >
            {actionData.payError}
          </p>
        ) : null}
        {!order ? (
          <>
            <h1 className="text-3xl font-bold">{msg.orderNotFoundHeading}</h1>
            <p className="mt-3 text-muted">{msg.justPaidHint}</p>
          </>
        ) : order.paidAs ? (
          <>
            <CheckCircle2 size={48} className="text-success" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">{msg.alreadyPaidHeading}</h1>
            <p className="mt-3 text-muted" data-testid="paid-as">
              {msg.successPaidAs(order.paidAs.reference, order.reference)}
            </p>
            {order.paidAs.trackingPath ? (
              <Link to={order.paidAs.trackingPath} className="btn btn-primary mt-6">
                {msg.followOrder(order.paidAs.reference)}
              </Link>
            ) : null}
          </>
        ) : order.payment === "checking" ? (
          <>
            <Clock size={48} className="text-gold" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">{msg.checkingHeading}</h1>
            <p className="mt-3 text-muted" data-testid="payment-checking">
              {msg.checkingText(order.provider)}
            </p>
          </>
        ) : order.payment === "confirming" && !gaveUp ? (
          <>
            <Clock size={48} className="text-gold" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">{msg.confirmingHeading}</h1>
            <p className="mt-3 text-muted" role="status">
              {msg.confirmingText(order.provider)}
            </p>
          </>
        ) : order.payment === "confirming" ? (
          <>
            <Clock size={48} className="text-gold" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">{msg.notConfirmedHeading}</h1>
            <p className="mt-3 text-muted">
              {order.payAgain
                ? msg.notConfirmedPayHere(order.provider)
                : msg.notConfirmedPayThere(order.provider)}
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <a href={again} className="btn btn-primary">
                {msg.checkAgain}
              </a>
              {order.payAgain ? (
                <PayAgainForm attempt={order.payAgain} className="btn border border-ink bg-white">
                  {msg.payAgain}
                </PayAgainForm>
              ) : null}
            </div>
          </>
        ) : order.payment === "failed" ? (
          <>
            <XCircle size={48} className="text-danger" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">{msg.paymentFailedHeading}</h1>
            <p className="mt-3" data-testid="payment-failure">
              {order.failure}
            </p>
            <p className="mt-2 text-muted">
              {order.payAgain ? msg.failedPayThisOrderText : msg.trackFailedPayThere}
            </p>
            {order.payAgain ? (
              <PayAgainForm
                attempt={order.payAgain}
                className="btn btn-primary"
                formClassName="mt-6"
              >
                {msg.tryAgain}
              </PayAgainForm>
            ) : null}
          </>
        ) : (
          <>
            <CheckCircle2 size={48} className="text-success" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">{msg.successTitle}</h1>
            <p className="mt-3 text-muted">{msg.successText}</p>
            {order.details ? (
              <p className="mt-3 text-muted">
                {order.details.delivery.pickup ? msg.successNextPickup : msg.successNextSent}
              </p>
            ) : null}
          </>
        )}

        {order?.details ? (
          <section
            aria-labelledby="summary-heading"
            className="mt-10 w-full rounded-2xl border border-hairline bg-white p-5 text-left"
          >
            <h2 id="summary-heading" className="font-semibold">
              {msg.orderNumber(order.reference)}
            </h2>
            <OrderItemList items={order.details.items} />
            <p className="mt-3 text-sm" data-testid="order-delivery-to">
              {order.details.delivery.pickup
                ? `${order.details.delivery.method}: ${order.details.delivery.pickupLocation ?? ""}`
                : `${order.details.delivery.method}: ${order.details.delivery.address}`}
            </p>
            <dl className="mt-3 space-y-1 border-t border-hairline pt-3 text-sm tabular">
              <DiscountRow code={order.details.discountCode} discount={order.details.discount} />
              <div className="flex justify-between">
                <dt>{msg.receiptDelivery}</dt>
                <dd data-testid="order-delivery">
                  {order.details.deliveryFee === 0
                    ? msg.free
                    : formatKsh(order.details.deliveryFee)}
                </dd>
              </div>
              <div className="flex justify-between text-base font-semibold">
                <dt>{msg.receiptTotal}</dt>
                <dd>{formatKsh(order.details.amount)}</dd>
              </div>
            </dl>
          </section>
        ) : null}

        <div className="mt-10 flex flex-wrap justify-center gap-3">
          {order?.details ? (
            <Link to={order.details.trackingPath} className="btn btn-primary">
              {msg.followYourOrder}
            </Link>
          ) : null}
          <a href={whatsapp} className="btn border border-ink bg-white" rel="noreferrer">
            {msg.chatOnWhatsapp}
          </a>
          <Link to="/shop" className="btn border border-ink bg-white">
            {msg.continueShopping}
          </Link>
        </div>
      </main>
    </div>
  );
}

/** This page again, remembering when the shopper arrived (for the refresh without JavaScript). */
function refreshUrl({ pathname, search }: { pathname: string; search: string }, arrived: number) {
  const params = new URLSearchParams(search);
  params.set("since", String(arrived));
  return `${pathname}?${params}`;
}

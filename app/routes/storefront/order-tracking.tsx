import Circle from "lucide-react/icons/circle";
import CheckCircle2 from "lucide-react/icons/circle-check";
import CircleDot from "lucide-react/icons/circle-dot";
import XCircle from "lucide-react/icons/circle-x";
import Clock from "lucide-react/icons/clock";
import { type ReactNode, useEffect } from "react";
import { data } from "react-router";
import { DiscountRow, OrderItemList } from "~/components/OrderItemList";
import { PayAgainForm } from "~/components/PayAgainForm";
import { msg } from "~/i18n/messages";
import { readCartId } from "~/modules/cart/cart.server";
import { pickupPoints } from "~/modules/checkout/pickup-points";
import { whatsappLink } from "~/modules/contact/contact-message";
import { formatDay } from "~/modules/orders/expected-day";
import { toOrderLanguage } from "~/modules/orders/order-language.server";
import { trackedOrder } from "~/modules/orders/tracking.server";
import { useShopConfig } from "~/root";
import { servicesContext } from "~/services.server";
import { formatKsh } from "~/terms/money";
import type { Route } from "./+types/order-tracking";

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  // The token is in the address: a link followed from here must not carry it to another site.
  "Referrer-Policy": "no-referrer",
};

/** `/orders/{token}`: one order, for whoever holds its unguessable link. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = await trackedOrder(
    context.get(servicesContext).db,
    params.token,
    await readCartId(request),
  );
  if (!order) throw data(msg.orderNotFound, { status: 404, headers: PRIVATE });
  toOrderLanguage(request, order.language, PRIVATE);
  // Where to collect a pickup order, and what to bring: words for this answer only, so they are
  // not carried in a script every storefront page loads.
  const point = pickupPoints().find((p) => p.name === order.delivery.pickupLocation);
  const pickupPoint = order.delivery.pickup && point ? { ...point, bring: msg.pickupBring } : null;
  // A paid order's page opens offline once seen, for its reference at a pickup counter (sw.js).
  const headers = order.payment === "paid" ? { ...PRIVATE, "X-Offline-Copy": "keep" } : PRIVATE;
  return data({ order, pickupPoint }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? msg.orderNumber(loaderData.order.reference) : msg.yourOrder },
  { name: "robots", content: "noindex" },
];

/** How the payment is drawn; its words are `msg.trackPaymentFacts`. */
const PAYMENT = {
  paid: { Icon: CheckCircle2, tone: "text-success" },
  confirming: { Icon: Clock, tone: "text-gold" },
  checking: { Icon: Clock, tone: "text-gold" },
  failed: { Icon: XCircle, tone: "text-danger" },
} as const;

/** How each step is drawn (done, happening now, or to come); said as `msg.trackStepSaid`. */
const STEP = {
  done: { Icon: CheckCircle2, tone: "text-success", text: "font-semibold" },
  now: { Icon: CircleDot, tone: "text-accent", text: "font-semibold" },
  next: { Icon: Circle, tone: "text-hairline", text: "text-muted" },
} as const;

/** When the parcel is expected, as /delivery promises it for the method. */
function expectedSentence(method: string, { from, to }: { from: string; to: string }) {
  if (method === "pickup") return msg.readyForPickupOn(formatDay(from));
  if (method === "matatu") return msg.expectedAtSacco(formatDay(from), formatDay(to));
  return msg.expectedWithYou(formatDay(from));
}

/** A moment as the page's language writes it, in Nairobi time. */
const when = (iso: string) =>
  new Intl.DateTimeFormat(msg.htmlLang, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Nairobi",
  }).format(new Date(iso));

export default function OrderTracking({ loaderData, params }: Route.ComponentProps) {
  const { order } = loaderData;
  const { token } = params;
  const { pickupPoint } = loaderData;
  const config = useShopConfig();
  const payment = PAYMENT[order.payment];
  const subtotal = order.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const whatsapp = whatsappLink(config.whatsapp, msg.orderQuestion(order.reference));
  // Reached by a tap rather than loaded whole: the service worker is asked to keep the page too.
  const paid = order.payment === "paid";
  useEffect(() => {
    if (paid) navigator.serviceWorker?.controller?.postMessage({ keep: location.href });
  }, [paid]);
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-10 pb-16 sm:px-6">
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">
        {msg.yourOrder}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">
        {msg.orderNumber(order.reference)}
      </h1>
      <p className="mt-2 text-muted">{msg.orderPlaced(when(order.placedAt))}</p>

      <p className={`mt-6 flex items-center gap-2 font-semibold ${payment.tone}`}>
        <payment.Icon size={22} aria-hidden="true" />
        <span data-testid="payment-fact">{msg.trackPaymentFacts[order.payment]}</span>
      </p>

      {order.paidAs ? (
        <Panel id="paid-as-heading" title={msg.alreadyPaidHeading}>
          <p className="mt-2 text-muted">{msg.trackingPaidAs(order.paidAs.reference)}</p>
          <a href={order.paidAs.trackingPath} className="btn btn-primary mt-4">
            {msg.followOrder(order.paidAs.reference)}
          </a>
        </Panel>
      ) : order.payment === "confirming" ? (
        <Panel id="next-heading" title={msg.whatToDoNext}>
          <p className="mt-2 text-muted">
            {order.payAgain
              ? msg.trackConfirmingPayHere(order.provider)
              : msg.trackConfirmingPayThere(order.provider)}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href={`${msg.pathPrefix}/orders/${token}`} className="btn btn-primary">
              {msg.checkAgain}
            </a>
            {order.payAgain ? (
              <PayAgainForm attempt={order.payAgain} className="btn border border-ink bg-white">
                {msg.payAgain}
              </PayAgainForm>
            ) : null}
          </div>
        </Panel>
      ) : order.payment === "checking" ? (
        <Panel id="next-heading" title={msg.checkingHeading}>
          <p className="mt-2 text-muted" data-testid="payment-checking">
            {msg.checkingText(order.provider)}
          </p>
        </Panel>
      ) : order.payment === "failed" ? (
        <Panel id="next-heading" title={msg.whatToDoNext}>
          <p className="mt-2 text-muted">
            {order.payAgain ? msg.trackFailedPayHere : msg.trackFailedPayThere}
          </p>
          {order.payAgain ? (
            <PayAgainForm attempt={order.payAgain} className="btn btn-primary" formClassName="mt-4">
              {msg.payThisOrderAgain}
            </PayAgainForm>
          ) : null}
        </Panel>
      ) : null}

      {order.payment === "paid" ? (
        <section aria-labelledby="steps-heading" className="mt-8">
          <h2 id="steps-heading" className="text-lg font-semibold">
            {msg.whereYourOrderIs}
          </h2>
          {order.expected ? (
            <p className="mt-2" data-testid="expected-day">
              {expectedSentence(order.delivery.methodId, order.expected)}
            </p>
          ) : null}
          <ol className="mt-4 space-y-4">
            {order.steps.map((step) => {
              const { Icon, tone, text } = STEP[step.status];
              return (
                <li key={step.state} className="flex gap-3" data-testid="fulfilment-step">
                  <Icon className={`mt-0.5 shrink-0 ${tone}`} aria-hidden="true" />
                  <div>
                    <p className={text}>
                      {step.label}
                      <span className="sr-only">{msg.trackStepSaid[step.status]}</span>
                    </p>
                    {step.status === "now" ? (
                      <p className="text-sm text-muted">{msg.packingNow}</p>
                    ) : null}
                    {step.status !== "next" && step.at ? (
                      <p className="text-sm text-muted">{when(step.at)}</p>
                    ) : null}
                    {step.status === "done" && step.note ? (
                      <p className="mt-1 text-sm">{step.note}</p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          {pickupPoint ? (
            <Panel id="collect-heading" title={msg.whereToCollect} level={3} className="mt-6">
              <p className="mt-2 text-sm font-semibold">{pickupPoint.name}</p>
              <p className="text-sm text-muted">{pickupPoint.where}</p>
              <p className="mt-1 text-sm">{msg.pickupOpen(pickupPoint.hours)}</p>
              <p className="mt-2 text-sm">{pickupPoint.bring}</p>
            </Panel>
          ) : null}
        </section>
      ) : null}

      <section
        aria-labelledby="items-heading"
        className="mt-10 rounded-2xl border border-hairline bg-white p-5"
      >
        <h2 id="items-heading" className="font-semibold">
          {msg.whatYouOrdered}
        </h2>
        <OrderItemList items={order.items} />
        <dl className="mt-3 space-y-1 border-t border-hairline pt-3 text-sm tabular">
          <div className="flex justify-between">
            <dt>{msg.receiptSubtotal}</dt>
            <dd>{formatKsh(subtotal)}</dd>
          </div>
          <DiscountRow code={order.discountCode} discount={order.discount} />
          <div className="flex justify-between">
            <dt>{msg.receiptDeliveryBy(order.delivery.method)}</dt>
            <dd>{order.delivery.fee === 0 ? msg.free : formatKsh(order.delivery.fee)}</dd>
          </div>
          <div className="flex justify-between text-base font-semibold">
            <dt>{msg.receiptTotal}</dt>
            <dd>{formatKsh(order.total)}</dd>
          </div>
          {order.refunded ? (
            <div className="flex justify-between text-success" data-testid="refunded">
              <dt>{order.refunded.label}</dt>
              <dd>{formatKsh(order.refunded.amount)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-4 text-sm">
          {order.delivery.pickup
            ? msg.pickupAt(order.delivery.pickupLocation)
            : [order.delivery.address, order.delivery.city].filter(Boolean).join(", ")}
        </p>
      </section>

      <a href={whatsapp} className="btn mt-8 border border-ink bg-white" rel="noreferrer">
        {msg.chatOnWhatsapp}
      </a>
    </main>
  );
}

/** A titled card of the page: what to do next, where to collect, a purchase paid elsewhere. */
function Panel({
  id,
  title,
  level = 2,
  className = "mt-4",
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={id}
      className={`${className} rounded-2xl border border-hairline bg-white p-5`}
    >
      <Heading id={id} className="font-semibold">
        {title}
      </Heading>
      {children}
    </section>
  );
}

import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect, useRevalidator } from "react-router";
import { DemoBanner } from "~/components/DemoBanner";
import { BrandMark } from "~/components/icons";
import { cartCookie, readCartId } from "~/modules/cart/cart.server";
import { arriveFromPayment, retryOrder } from "~/modules/orders/order-success.server";
import { useShopConfig } from "~/root";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import { formatKsh } from "~/utils/money";
import type { Route } from "./+types/order-success";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, payments: providers } = context.get(servicesContext);
  const payment = providers.fromReturn(new URL(request.url));
  const order = await arriveFromPayment(db, providers, payment, await readCartId(request));
  return { order, payment };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const payment = {
    provider: String(form.get("provider") ?? "").slice(0, 40),
    reference: String(form.get("reference") ?? "").slice(0, 100),
  };
  const cartId = await retryOrder(
    context.get(servicesContext).db,
    payment,
    await readCartId(request),
  );
  throw redirect(
    "/cart",
    cartId ? { headers: { "Set-Cookie": await cartCookie.serialize(cartId) } } : undefined,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.order?.status === "Completed" ? "Thank You For Your Order!" : "Your order" },
  { name: "robots", content: "noindex" },
];

const REFRESH_SECONDS = 4;

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order, payment } = loaderData;
  const config = useShopConfig();
  const revalidator = useRevalidator();
  const pending = order?.status === "Pending";

  // While the provider confirms (mobile money takes a few seconds), ask again every few seconds.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => revalidator.revalidate(), REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      {config.demoPayments ? <DemoBanner /> : null}
      {/* Without JavaScript the page refreshes itself while the payment is confirmed. */}
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <header className="border-b border-hairline">
        <div className="print-band" />
        <Link
          to="/"
          className="mx-auto flex max-w-3xl items-center gap-2 px-6 py-4 text-xl font-extrabold"
        >
          <BrandMark />
          {config.shopName}
        </Link>
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-6 py-16 text-center"
      >
        {!order ? (
          <>
            <h1 className="text-3xl font-bold">We could not find that order</h1>
            <p className="mt-3 text-muted">
              If you have just paid, please check your messages or contact us.
            </p>
          </>
        ) : order.status === "Pending" ? (
          <>
            <Clock size={48} className="text-gold" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">Confirming your payment…</h1>
            <p className="mt-3 text-muted" role="status">
              We are waiting for {order.provider} to confirm your payment. M-Pesa can take a few
              seconds; this page checks again by itself.
            </p>
          </>
        ) : order.status === "Failed" ? (
          <>
            <XCircle size={48} className="text-danger" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">Your payment did not go through</h1>
            <p className="mt-3 text-muted">
              Nothing was charged. You can try again: your items go back into your cart.
            </p>
            {order.owner && payment ? (
              <Form method="post" className="mt-6">
                <input type="hidden" name="provider" value={payment.provider} />
                <input type="hidden" name="reference" value={payment.reference} />
                <button type="submit" className="btn btn-primary">
                  Try again
                </button>
              </Form>
            ) : null}
          </>
        ) : (
          <>
            <CheckCircle2 size={48} className="text-success" aria-hidden="true" />
            <h1 className="mt-4 text-3xl font-bold">Thank You For Your Order!</h1>
            <p className="mt-3 text-muted">
              Your payment was successful. We have received your order and will begin processing it
              shortly. You will receive a confirmation message soon.
            </p>
          </>
        )}

        {order?.details ? (
          <section
            aria-labelledby="summary-heading"
            className="mt-10 w-full rounded-2xl border border-hairline bg-white p-5 text-left"
          >
            <h2 id="summary-heading" className="font-semibold">
              Order {order.reference}
            </h2>
            <ul className="mt-3 space-y-1 text-sm">
              {order.details.items.map((item) => (
                <li key={`${item.name}-${item.size ?? ""}`} className="flex justify-between gap-4">
                  <span>
                    {item.name}
                    {item.size ? ` (${item.size})` : ""} × {item.quantity}
                  </span>
                  <span className="whitespace-nowrap tabular">
                    {formatKsh(item.price * item.quantity)}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 border-t border-hairline pt-3 text-sm tabular">
              <div className="flex justify-between">
                <dt>Delivery</dt>
                <dd data-testid="order-delivery">
                  {order.details.deliveryFee === 0 ? "Free" : formatKsh(order.details.deliveryFee)}
                </dd>
              </div>
              <div className="flex justify-between text-base font-semibold">
                <dt>Total</dt>
                <dd>{formatKsh(order.details.amount)}</dd>
              </div>
            </dl>
          </section>
        ) : null}

        <Link to="/shop" className="btn mt-10 border border-ink bg-white">
          Continue Shopping
        </Link>
      </main>
    </div>
  );
}

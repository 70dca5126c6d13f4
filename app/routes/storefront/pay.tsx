import XCircle from "lucide-react/icons/circle-x";
import Smartphone from "lucide-react/icons/smartphone";
import { useEffect, useRef } from "react";
import {
  data,
  Form,
  redirect,
  redirectDocument,
  useNavigation,
  useRevalidator,
} from "react-router";
import { DemoBanner } from "~/components/DemoBanner";
import { FormField, inputClass } from "~/components/FormField";
import { PaymentHeader } from "~/components/PaymentHeader";
import type { RefreshHandle } from "~/components/RefreshWithoutScripts";
import { payAgain } from "~/flows/pay-again.server";
import { waitingPayment } from "~/flows/waiting-payment.server";
import { msg } from "~/i18n/messages";
import { readCartId } from "~/modules/cart/cart.server";
import { CHECKOUT_MESSAGES, payerPhoneSchema } from "~/modules/checkout/checkout-form";
import { useShopConfig } from "~/root";
import { servicesContext } from "~/services.server";
import { formatKsh } from "~/terms/money";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/pay";

/** How often the page looks again while the shopper pays on their phone. */
const REFRESH_SECONDS = 5;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = context.get(servicesContext);
  const payment = await waitingPayment(shop, params.attempt, await readCartId(request));
  if (!payment) throw new Response(msg.paymentNotFound, { status: 404 });
  if (payment.state === "paid" || payment.state === "checking")
    throw redirect(`/order-success?attempt=${params.attempt}`);
  // The demo phone sends the shopper back to this page, in its language.
  return { payment, back: `${msg.pathPrefix}/pay/${params.attempt}` };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = context.get(servicesContext);
  const form = await readForm(request);
  const way = form.get("intent") === "other" ? "other" : "again";
  const typed = String(form.get("payerPhone") ?? "").trim();
  let payerPhone: string | undefined;
  if (way === "again" && typed) {
    const checked = payerPhoneSchema.safeParse(typed);
    if (!checked.success) {
      return data(
        { error: CHECKOUT_MESSAGES.payerPhone, field: "payerPhone" as string | null, typed },
        { status: 400 },
      );
    }
    payerPhone = checked.data;
  }
  const answer = await payAgain(shop, params.attempt, {
    way,
    payerPhone,
    cartId: await readCartId(request),
  });
  if ("error" in answer) {
    return data(
      { error: answer.error, field: null as string | null, typed },
      { status: answer.status },
    );
  }
  // Another provider's page is not one of the shop's routes: a full page load.
  throw redirectDocument(answer.redirectUrl);
}

export const meta: Route.MetaFunction = () => [
  { title: msg.payTitle },
  { name: "robots", content: "noindex" },
];

/** Without JavaScript the page refreshes itself while the shopper pays on their phone. */
export const handle: RefreshHandle<Route.ComponentProps["loaderData"]> = {
  refreshWithoutScripts: ({ payment }) =>
    payment.state === "waiting" ? String(REFRESH_SECONDS) : null,
};

export default function PayOnPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, back } = loaderData;
  const config = useShopConfig();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const waiting = payment.state === "waiting";
  // While the shopper pays on their phone, look again every few seconds (the server asks the
  // provider at most that often); without JavaScript the page refreshes itself.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => revalidate.current(), REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      {config.demoPayments ? <DemoBanner /> : null}
      <PaymentHeader shopName={config.shopName} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-8 px-6 py-12 md:flex-row md:items-start md:justify-center"
      >
        <section
          className="w-full max-w-md flex-1 self-center text-center md:self-start md:text-left"
          aria-labelledby="pay-heading"
        >
          {waiting ? (
            <>
              <Smartphone size={48} className="mx-auto text-gold md:mx-0" aria-hidden="true" />
              <h1 id="pay-heading" className="mt-4 text-3xl font-bold">
                {payment.heading}
              </h1>
              <p className="mt-3 text-lg" role="status">
                {msg.payAsking(config.shopName, formatKsh(payment.amount), payment.phone)}
              </p>
              <p className="mt-2 text-muted">{msg.payMovesOn(payment.reference)}</p>
            </>
          ) : (
            <>
              <XCircle size={48} className="mx-auto text-danger md:mx-0" aria-hidden="true" />
              <h1 id="pay-heading" className="mt-4 text-3xl font-bold">
                {msg.paymentFailedHeading}
              </h1>
              <p className="mt-3" data-testid="payment-failure">
                {payment.failure}
              </p>
              <p className="mt-2 text-muted">
                {msg.payNothingCharged(payment.reference, formatKsh(payment.amount))}
              </p>
            </>
          )}

          {actionData?.error && actionData.field === null ? (
            <p
              role="alert"
              className="mt-4 rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm font-medium text-danger"
            >
              {actionData.error}
            </p>
          ) : null}

          {payment.notMine ? (
            <p
              className="mt-4 rounded-xl border border-hairline bg-white px-4 py-3 text-sm"
              data-testid="not-mine"
            >
              {payment.notMine}
            </p>
          ) : null}

          <Form method="post" className="mt-6 grid gap-3 text-left">
            {payment.mine ? (
              <>
                <FormField
                  id="pay-phone"
                  label={msg.payMpesaNumber}
                  note=""
                  error={actionData?.field === "payerPhone" ? actionData.error : undefined}
                >
                  <input
                    id="pay-phone"
                    name="payerPhone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    defaultValue={actionData?.typed ?? payment.phone.replace(/\s/g, "")}
                    className={inputClass}
                  />
                </FormField>
                <button
                  type="submit"
                  name="intent"
                  value="again"
                  disabled={busy}
                  className={`btn w-full ${waiting ? "border border-ink bg-white" : "btn-primary"}`}
                >
                  {payment.again}
                </button>
              </>
            ) : null}
            {payment.anotherWay ? (
              <button
                type="submit"
                name="intent"
                value="other"
                disabled={busy}
                className="btn w-full border border-ink bg-white"
              >
                {msg.payAnotherWay}
              </button>
            ) : null}
          </Form>
        </section>

        {payment.demo ? (
          <DemoPhone demo={payment.demo} shopName={config.shopName} back={back} />
        ) : null}
      </main>
    </div>
  );
}

/** Demo mode: the shopper's phone, as the emulator shows it, beside the waiting page. */
function DemoPhone({
  demo,
  shopName,
  back,
}: {
  back: string;
  demo: NonNullable<Route.ComponentProps["loaderData"]["payment"]["demo"]>;
  shopName: string;
}) {
  return (
    <aside
      aria-labelledby="demo-phone-heading"
      className="mx-auto w-full max-w-xs rounded-[2rem] border-8 border-ink bg-white p-5 shadow-lg"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{msg.demoPhone}</p>
      <h2 id="demo-phone-heading" className="mt-2 text-lg font-bold">
        {msg.demoEnterPin}
      </h2>
      {/* What the prompt says, as Daraja was asked to show it. */}
      <p className="mt-1 text-sm">
        {msg.demoPayTo(formatKsh(demo.amount), demo.payee || shopName)}
      </p>
      {demo.accountReference ? (
        <p className="text-sm text-muted">{msg.demoAccount(demo.accountReference)}</p>
      ) : null}
      {/* A plain form: the emulator answers and sends the shopper back to this page. */}
      <form method="post" action={demo.action} className="mt-4 grid gap-2">
        <input type="hidden" name="back" value={back} />
        <label htmlFor="demo-pin" className="text-sm font-semibold">
          {msg.demoPinLabel}
        </label>
        <input
          id="demo-pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          className={inputClass}
        />
        <div className="grid grid-cols-2 gap-2">
          <button
            type="submit"
            name="answer"
            value="cancel"
            className="btn border border-ink bg-white"
          >
            {msg.demoCancel}
          </button>
          <button type="submit" name="answer" value="pay" className="btn btn-primary">
            {msg.demoPay}
          </button>
        </div>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold">{msg.demoOtherOutcomes}</summary>
          <div className="mt-2 grid gap-2">
            {demo.outcomes.map((o) => (
              <button
                key={o.answer}
                type="submit"
                name="answer"
                value={o.answer}
                className="btn border border-hairline bg-white text-sm"
              >
                {o.label}
              </button>
            ))}
          </div>
        </details>
      </form>
    </aside>
  );
}

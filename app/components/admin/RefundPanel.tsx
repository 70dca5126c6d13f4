import { useEffect, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { errorProps } from "~/components/FormField";
import { Modal } from "~/components/Modal";
import { notify } from "~/components/toast";
import { formatKsh } from "~/terms/money";
import { formatDateTime } from "~/utils/dates";

type Refund = {
  id: string;
  at: string;
  amount: number;
  reason: string;
  method: "provider" | "hand" | "reversal";
  reference: string | null;
  state: "pending" | "done" | "failed";
  failure: string | null;
  admin: string | null;
};

export type RefundableOrder = {
  id: string;
  amount: number;
  paid: boolean;
  status: string;
  paymentProvider: string;
  refunded: number;
  refundLabel: string | null;
  refunds: Refund[];
  refundLines: { line: number; name: string; price: number; bought: number; left: number }[];
  /** The provider can be asked to refund this payment. */
  providerRefunds: boolean;
};

/** What the owner confirms before the refund goes out: the amount, how, to whom, which pieces. */
type Confirmation = {
  amount: number;
  how: string;
  to: string;
  pieces: { name: string; quantity: number; restock: boolean }[];
  /** The form's fields as posted: the confirming form sends them again. */
  fields: [string, string][];
};

type Answer =
  | { ok: true; orderId: string; refunded: string }
  | {
      ok: false;
      orderId: string;
      refundError?: string;
      refundErrors?: Partial<Record<string, string>>;
      confirmRefund?: Confirmation;
    };

/**
 * The refund's confirmation, in the shop's dialog: on the server too (an open <dialog>), so an
 * owner without JavaScript reads it and confirms with a second post; 'Change it' closes it with
 * the form's values kept.
 */
function ConfirmRefund({
  confirm,
  busy,
  onClose,
  Form,
}: {
  confirm: Confirmation;
  busy: boolean;
  onClose: () => void;
  Form: ReturnType<typeof useFetcher>["Form"];
}) {
  const byHand = confirm.fields.some(([name, value]) => name === "method" && value === "hand");
  return (
    <Modal title="Confirm the refund" size="sm" onClose={onClose}>
      <dl
        className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-2 text-sm"
        data-testid="refund-confirm"
      >
        <dt className="font-semibold">Amount</dt>
        <dd className="tabular">{formatKsh(confirm.amount)}</dd>
        <dt className="font-semibold">How</dt>
        <dd>{confirm.how}</dd>
        <dt className="font-semibold">Goes to</dt>
        <dd>{confirm.to}</dd>
        <dt className="font-semibold">Pieces</dt>
        <dd>
          {confirm.pieces.length ? (
            <ul>
              {confirm.pieces.map((p) => (
                <li key={p.name}>
                  {p.quantity} x {p.name}
                  {p.restock ? ", back on the shelf" : ", not back on the shelf"}
                </li>
              ))}
            </ul>
          ) : (
            "None (an amount only)"
          )}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post">
          {confirm.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" disabled={busy} className="btn btn-primary min-h-11 px-4">
            {busy ? "Refunding..." : byHand ? "Record the refund" : "Send the refund"}
          </button>
        </Form>
        {/* Closes the dialog natively, with or without JavaScript. */}
        <form method="dialog">
          <button type="submit" className="btn min-h-11 border border-hairline bg-white px-4">
            Change it
          </button>
        </form>
      </div>
    </Modal>
  );
}

const METHOD_WORDS = { provider: "through", hand: "by hand", reversal: "reversed by" } as const;

/** One refund as the owner reads it: amount, how, reference, why, when and by whom. */
function refundText(r: Refund, provider: string) {
  const how =
    r.method === "hand"
      ? `by hand, reference ${r.reference}`
      : `${METHOD_WORDS[r.method]} ${provider}`;
  const state = r.state === "pending" ? " (waiting for the provider)" : "";
  return `${formatKsh(r.amount)} ${how}${state}: ${r.reason}`;
}

/**
 * An order's refunds and, for a paid order with money left to give back, the refund form: pieces
 * per line (back on the shelf or not) or an amount, a reason, and how the money goes back.
 */
export function RefundPanel({ order }: { order: RefundableOrder }) {
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  // Without JavaScript the form posts the page, whose action answers the same.
  const posted = useActionData<Answer>();
  const answer = fetcher.state === "idle" ? (fetcher.data ?? posted) : undefined;
  const failed = answer && !answer.ok && answer.orderId === order.id ? answer : null;
  // The confirmation stays up while its own post is on its way, and goes once closed.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const last = fetcher.data ?? posted;
  const confirming = fetcher.formData?.get("confirm") === "yes";
  const asked =
    last && !last.ok && last.orderId === order.id && last !== dismissed ? last : undefined;
  const confirm = asked && (fetcher.state === "idle" || confirming) ? asked.confirmRefund : null;
  // Back from the confirmation ('Change it'), the form shows what was typed.
  const typed = new Map(failed?.confirmRefund?.fields ?? []);
  const errors = failed?.refundErrors ?? {};
  const left = order.amount - order.refunded;
  const canRefund = (order.paid || order.status === "Completed") && left > 0;
  const id = (name: string) => `refund-${order.id}-${name}`;
  const invalid = (name: string) => errorProps(id(name), errors[name]);
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={id(`${name}-error`)} role="alert" className="mt-1 text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;

  useEffect(() => {
    if (answer?.ok && answer.orderId === order.id) {
      void notify("success", `Refunded ${answer.refunded}`);
    }
  }, [answer, order.id]);

  if (!canRefund && order.refunds.length === 0) return null;
  return (
    <section aria-labelledby={id("heading")} className="mt-5">
      <h3 id={id("heading")} className="font-semibold">
        Refunds
        {order.refundLabel ? (
          <span
            className="ml-2 rounded-full bg-gold-soft px-2.5 py-1 text-xs font-semibold text-gold"
            data-testid="refund-label"
          >
            {order.refundLabel}
          </span>
        ) : null}
      </h3>
      {order.refunds.length ? (
        <ul className="mt-2 space-y-2" aria-label="Refunds made">
          {order.refunds.map((r) => (
            <li key={r.id} className={r.state === "failed" ? "text-muted" : ""}>
              <span className="block">
                {r.state === "failed" ? "Not refunded: " : ""}
                {refundText(r, order.paymentProvider)}
              </span>
              <span className="block text-xs text-muted">
                {formatDateTime(r.at)}
                {r.admin ? ` · by ${r.admin}` : ""}
                {r.state === "failed" ? ` · ${r.failure}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-sm text-muted tabular">
        {formatKsh(order.refunded)} of {formatKsh(order.amount)} given back
      </p>
      {confirm ? (
        <ConfirmRefund
          confirm={confirm}
          busy={busy}
          onClose={() => setDismissed(asked)}
          Form={fetcher.Form}
        />
      ) : null}
      {canRefund ? (
        // A plain disclosure: it opens without JavaScript; a new refund closes it (its key).
        <details key={order.refunds.length} open={Boolean(failed)} className="group/way mt-3">
          <summary className="btn min-h-11 w-fit cursor-pointer list-none border border-hairline bg-white px-4 [&::-webkit-details-marker]:hidden">
            Refund this order
          </summary>
          <fetcher.Form method="post" className="mt-3 space-y-3" aria-label="Refund this order">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="lineCount" value={order.refundLines.length} />
            <fieldset>
              <legend className="text-sm font-semibold">Pieces given back</legend>
              <ul className="mt-1 space-y-2">
                {order.refundLines.map((line) => (
                  <li key={line.line} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <label htmlFor={id(`qty-${line.line}`)} className="min-w-40 flex-1 text-sm">
                      {line.name}{" "}
                      <span className="text-muted">
                        ({line.left} of {line.bought} left, {formatKsh(line.price)} each)
                      </span>
                    </label>
                    <input
                      id={id(`qty-${line.line}`)}
                      name={`refund:${line.line}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.left}
                      defaultValue={typed.get(`refund:${line.line}`) ?? 0}
                      disabled={line.left === 0}
                      className="min-h-11 w-20 rounded-lg border border-hairline bg-white px-2"
                      {...invalid(`refund:${line.line}`)}
                    />
                    <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={`restock:${line.line}`}
                        defaultChecked={typed.get(`restock:${line.line}`) === "on"}
                        disabled={line.left === 0}
                        className="size-5 accent-accent"
                      />
                      Back on the shelf
                      <span className="sr-only">: {line.name}</span>
                    </label>
                    {fieldError(`refund:${line.line}`)}
                  </li>
                ))}
              </ul>
            </fieldset>
            <div>
              <label htmlFor={id("amount")} className="block text-sm font-semibold">
                Amount (KSh){" "}
                <span className="font-normal text-muted">
                  (empty: the pieces' worth; at most {formatKsh(left)})
                </span>
              </label>
              <input
                id={id("amount")}
                name="amount"
                type="number"
                inputMode="numeric"
                min={1}
                max={left}
                defaultValue={typed.get("amount")}
                className="mt-1 min-h-11 w-40 rounded-lg border border-hairline bg-white px-3"
                {...invalid("amount")}
              />
              {fieldError("amount")}
            </div>
            <div>
              <label htmlFor={id("reason")} className="block text-sm font-semibold">
                Reason
              </label>
              <input
                id={id("reason")}
                name="reason"
                required
                maxLength={300}
                defaultValue={typed.get("reason")}
                placeholder="e.g. Returned within 30 days: too small"
                className="mt-1 min-h-11 w-full rounded-lg border border-hairline bg-white px-3"
                {...invalid("reason")}
              />
              {fieldError("reason")}
            </div>
            <fieldset>
              <legend className="text-sm font-semibold">How the money goes back</legend>
              {order.providerRefunds ? (
                <label className="mt-1 flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="method"
                    value="provider"
                    defaultChecked={typed.get("method") !== "hand"}
                    className="size-5 accent-accent"
                  />
                  Ask {order.paymentProvider} to refund the payment
                </label>
              ) : (
                <p className="mt-1 text-sm text-muted">
                  {order.paymentProvider} cannot refund from the shop: send the money by M-Pesa or
                  bank, then record it here.
                </p>
              )}
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="method"
                  value="hand"
                  defaultChecked={!order.providerRefunds || typed.get("method") === "hand"}
                  className="size-5 accent-accent"
                />
                I refunded it by hand (M-Pesa or bank)
              </label>
            </fieldset>
            {/* Asked only of a refund made by hand (CSS, so it works before JavaScript). */}
            <div className="group-has-[input[value=provider]:checked]/way:hidden">
              <label htmlFor={id("reference")} className="block text-sm font-semibold">
                M-Pesa or bank reference
              </label>
              <input
                id={id("reference")}
                name="reference"
                maxLength={40}
                defaultValue={typed.get("reference")}
                autoCapitalize="characters"
                className="mt-1 min-h-11 w-full rounded-lg border border-hairline bg-white px-3 font-mono"
                {...invalid("reference")}
              />
              {fieldError("reference")}
            </div>

            {failed?.refundError ? (
              <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
                {failed.refundError}
              </p>
            ) : null}
            <div className="flex gap-2">
              <button type="submit" disabled={busy} className="btn btn-primary min-h-11 px-4">
                {busy ? "Refunding..." : "Refund"}
              </button>
            </div>
          </fetcher.Form>
        </details>
      ) : null}
    </section>
  );
}

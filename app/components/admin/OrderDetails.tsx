import Printer from "lucide-react/icons/printer";
import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useSubmit } from "react-router";
import { notify } from "~/components/toast";
import { formatKsh } from "~/terms/money";
import { readablePhone } from "~/terms/phone";
import { formatDateTime } from "~/utils/dates";
import { gsmLength, smsNote } from "~/utils/gsm";
import { type RefundableOrder, RefundPanel } from "./RefundPanel";
import { useAbilities } from "./use-abilities";

/** An order as the list and its details show it; the timeline comes in the owner's words. */
export type ListedOrder = RefundableOrder & {
  id: string;
  createdAt: string;
  status: string;
  amount: number;
  currency: string;
  items: {
    name: string;
    quantity: number;
    price: number;
    wasPrice?: number;
    size?: string | null;
  }[];
  customer: {
    name: string;
    phone: string;
    email: string;
    address: string | null;
    city: string | null;
    notes: string | null;
    /** Staff outside the packing steps: phone, email, address and notes are masked. */
    masked?: true;
  };
  delivery: { method: string | null; fee: number; pickupLocation: string | null };
  paymentProvider: string;
  paymentMethod: string;
  paymentMethodLabel: string;
  confirmationCode: string | null;
  /** The provider took the payment back: the order is Failed and no longer counts as revenue. */
  paymentReversed: boolean;
  /** The provider says completed for another amount: what it says was paid. */
  paymentInDoubt?: { amount: number; currency: string } | null;
  discountCode: string | null;
  discount: number;
  /** The provider confirmed its payment. */
  paid: boolean;
  /** Paid after its units were gone: the lines the shelf could not fill. */
  oversold: { name: string; size: string; quantity: number; short: number }[];
  timeline: { id: number; at: string; text: string; admin: string | null }[];
  fulfilment: {
    state: string | null;
    label: string | null;
    note: string;
    /** `noteRoom`: how much of a note the step's SMS carries in one part (null: no SMS). */
    next: { state: string; label: string; noteRoom: number | null }[];
  };
  trackingPath: string;
  /** Each line's pieces to send and given back (struck through), after refunds. */
  packing: { line: number; send: number; refunded: number }[];
  /** What was paid less what went back. */
  netPaid: number;
  /** What staff read before packing a refunded order; null: pack as usual. */
  packingWarning: string | null;
  /** The reference shoppers see (8 capitals), for the spec's 'first 8 characters...'. */
  reference: string;
  /** The messages the order caused, in the owner's words. */
  messages: {
    id: number;
    what: string;
    to: string;
    recipient: string;
    state: string;
    failed: boolean;
  }[];
};

/** A payment the provider took back: the order is Failed and no longer counts as revenue. */
export function ReversedBadge() {
  return (
    <span
      className="rounded-full bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger"
      data-testid="payment-reversed"
    >
      Payment reversed
    </span>
  );
}
/** The provider says completed for another amount than the order's: not paid until checked. */
export function AmountInDoubtBadge() {
  return (
    <span
      className="rounded-full bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger"
      data-testid="payment-in-doubt"
    >
      Amount differs: needs attention
    </span>
  );
}

/** Paid for units that were gone: the owner refunds or restocks. */
export function OversoldBadge() {
  return (
    <span
      className="rounded-full bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger"
      data-testid="oversold"
    >
      Oversold: needs attention
    </span>
  );
}

/** Money went back: 'Partly refunded' or 'Refunded', beside the parcel's step. */
export function RefundBadge({ label }: { label: string | null }) {
  return label ? (
    <span
      className="rounded-full bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger"
      data-testid="refund-badge"
    >
      {label}
    </span>
  ) : null;
}

/** Where a paid order's parcel is ('To pack', 'Sent'...): what the owner acts on. */
export function FulfilmentBadge({
  order,
}: {
  order: { fulfilment: Pick<ListedOrder["fulfilment"], "state" | "label"> };
}) {
  return order.fulfilment.label ? (
    <span
      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${order.fulfilment.state === "to_pack" ? "bg-gold-soft text-[#78350f]" : "bg-success/10 text-[#14532d]"}`}
      data-testid="fulfilment-badge"
    >
      {order.fulfilment.label}
    </span>
  ) : null;
}

/** A short line, in a whole sentence. */
const shortLineText = (line: ListedOrder["oversold"][number]) =>
  line.size
    ? `${line.short} of ${line.quantity} short: ${line.name} in size ${line.size}`
    : `${line.short} of ${line.quantity} short: ${line.name}`;

/**
 * How much more of the note one SMS carries, counted as the SMS counts (GSM-7); past that the
 * whole note still goes, in a second part.
 */
function NoteRoom({ id, note, room }: { id: string; note: string; room: number }) {
  const used = gsmLength(smsNote(note)) ?? note.length;
  return (
    <p id={id} className="mt-1 text-xs text-muted" aria-live="polite" data-testid="note-room">
      {used <= room
        ? `${room - used} characters left before the SMS takes a second part.`
        : "The SMS will go in two parts: the whole note reaches the customer."}
    </p>
  );
}

/** The answer to a fulfilment step or its undo: the step, for the toast, or why not. */
type StepAnswer =
  | { ok: true; step: { orderId: string; reference: string; state: string; label: string } }
  | { ok: false; orderId: string; error: string };

/** One fetcher for the steps, shared with the list: its toast outlives the details' dialog. */
const STEP_FETCHER = "fulfilment-step";

/** Moves a paid order's parcel to its next step, with an optional note for the shopper. */
function FulfilmentControl({ order }: { order: ListedOrder }) {
  const fetcher = useFetcher<StepAnswer>({ key: STEP_FETCHER });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("orderId") === order.id;
  // Without JavaScript the form posts the page, whose action answers the same.
  const posted = useActionData<StepAnswer>();
  const answer = fetcher.state === "idle" ? (fetcher.data ?? posted) : undefined;
  const error = answer && !answer.ok && answer.orderId === order.id ? answer.error : null;
  const { next } = order.fulfilment;
  const [step, setStep] = useState(next[0]?.state);
  const [note, setNote] = useState("");
  const room = next.find((s) => s.state === step)?.noteRoom ?? null;
  return (
    <section aria-labelledby={`fulfilment-${order.id}`} className="mt-5">
      <h3 id={`fulfilment-${order.id}`} className="font-semibold">
        Fulfilment
      </h3>
      <p className="mt-1" data-testid="fulfilment-state">
        {order.fulfilment.label ?? "Not started"}
        {order.fulfilment.note ? (
          <span className="block text-xs text-muted">Note: {order.fulfilment.note}</span>
        ) : null}
      </p>
      {next.length ? (
        <fetcher.Form
          method="post"
          className="mt-3 grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="fulfilment" />
          <input type="hidden" name="orderId" value={order.id} />
          <div>
            <label htmlFor={`step-${order.id}`} className="block text-xs font-semibold text-muted">
              Next step
            </label>
            <select
              id={`step-${order.id}`}
              name="to"
              key={order.fulfilment.state}
              onChange={(event) => setStep(event.currentTarget.value)}
              className="mt-1 min-h-11 w-full rounded-lg border border-hairline bg-white px-2"
            >
              {next.map((step) => (
                <option key={step.state} value={step.state}>
                  {step.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`note-${order.id}`} className="block text-xs font-semibold text-muted">
              Note for the customer (optional)
            </label>
            <input
              id={`note-${order.id}`}
              name="note"
              maxLength={200}
              key={order.fulfilment.state}
              onChange={(event) => setNote(event.currentTarget.value)}
              aria-describedby={room === null ? undefined : `note-room-${order.id}`}
              placeholder="e.g. 2NK Sacco, arrives Kisumu 4 pm"
              className="mt-1 min-h-11 w-full rounded-lg border border-hairline bg-white px-3"
            />
            {room === null ? null : (
              <NoteRoom id={`note-room-${order.id}`} note={note} room={room} />
            )}
          </div>
          <button type="submit" disabled={busy} className="btn btn-primary min-h-11 px-4">
            {busy ? "Saving..." : "Save step"}
          </button>
          {error ? (
            <p role="alert" className="text-sm text-danger sm:col-span-3">
              {error}
            </p>
          ) : null}
        </fetcher.Form>
      ) : null}
      {order.trackingPath ? (
        <a href={order.trackingPath} className="mt-2 inline-block text-sm text-accent underline">
          The customer's tracking page
        </a>
      ) : null}
    </section>
  );
}

/** The phone as the owner uses it: tap to call, or open a WhatsApp chat. */
function PhoneLinks({ phone }: { phone: string }) {
  return (
    <span className="flex flex-wrap gap-x-3">
      <a href={`tel:+${phone}`} className="text-accent underline">
        {readablePhone(phone)}
      </a>
      <a href={`https://wa.me/${phone}`} className="text-accent underline" rel="noreferrer">
        WhatsApp
      </a>
    </span>
  );
}

/** What the shop told the customer and the owner about this order, and whether it arrived. */
function OrderMessages({ messages }: { messages: ListedOrder["messages"] }) {
  return (
    <section aria-labelledby="order-messages" className="mt-5">
      <h3 id="order-messages" className="font-semibold">
        Messages
      </h3>
      {messages.length === 0 ? (
        <p className="mt-1 text-muted">No messages for this order yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-hairline" data-testid="order-messages">
          {messages.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span>
                {m.what}
                <span className="block text-xs text-muted">
                  {m.to} <span className="break-all">{m.recipient}</span>
                </span>
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${m.failed ? "bg-danger/10 text-danger" : "bg-sand text-ink"}`}
              >
                {m.state}
              </span>
            </li>
          ))}
        </ul>
      )}
      <a href="/admin/messages" className="mt-1 inline-block text-sm text-accent underline">
        All messages
      </a>
    </section>
  );
}

/**
 * One order in full, as its own page shows it (`/admin/orders/{id}`): the facts, lines and totals,
 * fulfilment, refunds, the packing slip, messages and timeline. Every control is a plain form.
 */
export function OrderDetails({ order }: { order: ListedOrder }) {
  const can = useAbilities();
  const subtotal = order.amount - order.delivery.fee + order.discount;
  const rows: [string, React.ReactNode][] = [
    // The reference the shopper has (on their SMS and tracking page); the full id for Pesapal.
    ["Reference", order.reference],
    [
      "Order ID",
      <span key="id" className="font-mono text-xs">
        {order.id}
      </span>,
    ],
    ["Created", formatDateTime(order.createdAt)],
    ["Customer", order.customer.name],
    [
      "Phone",
      order.customer.masked ? (
        order.customer.phone
      ) : (
        <PhoneLinks key="phone" phone={order.customer.phone} />
      ),
    ],
    ["Email", order.customer.email],
    ["Delivery method", order.delivery.method],
    ["Pickup location", order.delivery.pickupLocation],
    ["Address", [order.customer.address, order.customer.city].filter(Boolean).join(", ") || null],
    ["Order notes", order.customer.notes || null],
    ["Payment provider", order.paymentProvider],
    ["Payment method", order.paymentMethodLabel],
    ["Confirmation code", order.confirmationCode],
  ];
  return (
    <div className="text-sm">
      <p>
        <span
          className="rounded-full bg-sand px-2.5 py-1 text-xs font-semibold"
          data-testid="status-badge"
        >
          {order.status}
        </span>{" "}
        <FulfilmentBadge order={order} /> <RefundBadge label={order.refundLabel} />{" "}
        {order.paymentReversed ? <ReversedBadge /> : null}{" "}
        {order.oversold.length ? <OversoldBadge /> : null}{" "}
        {order.paymentInDoubt ? <AmountInDoubtBadge /> : null}
      </p>
      {order.paymentInDoubt ? (
        <p className="mt-3 rounded-lg bg-danger/10 p-3" data-testid="payment-in-doubt-text">
          {order.paymentProvider} says{" "}
          {order.paymentInDoubt.currency.toUpperCase() === "KES"
            ? formatKsh(order.paymentInDoubt.amount)
            : `${order.paymentInDoubt.currency} ${order.paymentInDoubt.amount}`}{" "}
          was paid for this order of {formatKsh(order.amount)}. It is not paid until you have
          checked your statement; the shopper reads that we are checking their payment. A correct
          answer from {order.paymentProvider} marks it paid by itself.
        </p>
      ) : null}
      {order.oversold.length ? (
        <div className="mt-3 rounded-lg bg-danger/10 p-3" data-testid="oversold-lines">
          <p className="font-semibold">
            This order was paid after its pieces were sold to someone else. Refund the shopper or
            restock these lines:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {order.oversold.map((line) => (
              <li key={`${line.name}-${line.size}`}>{shortLineText(line)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {order.packingWarning ? (
        <p className="mt-3 rounded-lg bg-gold-soft p-3 font-semibold" data-testid="packing-warning">
          {order.packingWarning}
        </p>
      ) : null}
      {order.customer.masked ? (
        <p className="mt-3 rounded-lg bg-sand p-3" data-testid="details-hidden">
          The customer's phone, email and address are shown to staff only while the order is being
          packed and sent.
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1.5">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
      </dl>
      <h3 className="mt-5 font-semibold">Items</h3>
      <ul className="mt-2 divide-y divide-hairline">
        {order.items.map((item, i) => {
          const refunded = order.packing[i]?.refunded ?? 0;
          return (
            <li
              key={`${item.name}-${item.size ?? ""}`}
              className="flex justify-between gap-3 py-2"
              data-testid="order-line"
            >
              <span>
                {item.name}
                <span className="block text-xs text-muted">
                  {item.quantity} x {formatKsh(item.price)}
                  {item.wasPrice ? ` (sale, was ${formatKsh(item.wasPrice)})` : ""}
                  {item.size ? ` · Size ${item.size}` : ""}
                </span>
                {refunded > 0 ? (
                  <span
                    className="block text-xs font-semibold text-danger"
                    data-testid="line-refunded"
                  >
                    {refunded} of {item.quantity} refunded:{" "}
                    {refunded < item.quantity ? `pack ${item.quantity - refunded}` : "do not pack"}
                  </span>
                ) : null}
              </span>
              <span className="tabular">{formatKsh(item.price * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-hairline pt-3 tabular">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatKsh(subtotal)}</dd>
        </div>
        {order.discountCode ? (
          <div className="flex justify-between">
            <dt>Discount ({order.discountCode})</dt>
            <dd>-{formatKsh(order.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Delivery fee</dt>
          <dd data-testid="details-delivery-fee">
            {order.delivery.fee === 0 ? "Free" : formatKsh(order.delivery.fee)}
          </dd>
        </div>
        <div className="flex justify-between font-bold">
          <dt>Total</dt>
          <dd>{formatKsh(order.amount)}</dd>
        </div>
        {order.refunded > 0 ? (
          <>
            <div className="flex justify-between">
              <dt>Refunded</dt>
              <dd>-{formatKsh(order.refunded)}</dd>
            </div>
            <div className="flex justify-between font-bold" data-testid="net-paid">
              <dt>Net paid</dt>
              <dd>{formatKsh(order.netPaid)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <FulfilmentControl order={order} />
      {can.refund ? <RefundPanel order={order} /> : null}
      {/* Nothing is packed before it is paid. */}
      {order.paid ? (
        <a
          href={`/admin/orders/${order.id}/slip`}
          target="_blank"
          rel="noopener"
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg border border-hairline bg-white px-4 text-sm"
        >
          <Printer size={16} aria-hidden="true" />
          Packing slip
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      <OrderMessages messages={order.messages} />
      <h3 className="mt-5 font-semibold">Timeline</h3>
      <ol className="mt-2 space-y-2 border-l-2 border-hairline pl-4" aria-label="Timeline">
        {order.timeline.length === 0 ? (
          <li className="text-muted">Nothing recorded for this order.</li>
        ) : (
          order.timeline.map((entry) => (
            <li key={entry.id}>
              <span className="block">{entry.text}</span>
              <span className="block text-xs text-muted">
                {formatDateTime(entry.at)}
                {entry.admin ? ` · by ${entry.admin}` : ""}
              </span>
            </li>
          ))
        )}
      </ol>
    </div>
  );
}

/**
 * After a fulfilment step, a toast says what was done, with 'Undo' (the step's messages wait a
 * few seconds for it) and a link to the order, which may have left the list on show ('To pack').
 */
export function useStepToast() {
  const stepped = useFetcher<StepAnswer>({ key: STEP_FETCHER });
  const undone = useFetcher<StepAnswer>({ key: UNDO_FETCHER });
  const submit = useSubmit();
  const told = useRef<unknown>(null);
  useEffect(() => {
    const answer = stepped.state === "idle" ? stepped.data : undefined;
    if (!answer?.ok || told.current === answer) return;
    told.current = answer;
    const { step } = answer;
    void import("~/components/toast-with-action").then(({ notifyWithAction }) =>
      notifyWithAction({
        message: `Order ${step.reference}: ${step.label}.`,
        action: "Undo",
        duration: 10_000,
        link: { href: `/admin/orders/${step.orderId}`, label: "Open order" },
        onGone: () => document.getElementById("order-heading")?.focus(),
        onAction: () => {
          const form = new FormData();
          form.set("intent", "undo-fulfilment");
          form.set("orderId", step.orderId);
          form.set("from", step.state);
          void submit(form, { method: "post", navigate: false, fetcherKey: UNDO_FETCHER });
        },
      }),
    );
  }, [stepped.state, stepped.data, submit]);
  useEffect(() => {
    const answer = undone.state === "idle" ? undone.data : undefined;
    if (!answer || told.current === answer) return;
    told.current = answer;
    void notify(
      answer.ok ? "success" : "error",
      answer.ok ? `Order ${answer.step.reference}: back to ${answer.step.label}.` : answer.error,
    );
  }, [undone.state, undone.data]);
}
const UNDO_FETCHER = "fulfilment-undo";

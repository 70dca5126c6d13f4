import { desc, lt } from "drizzle-orm";
import { useEffect } from "react";
import { data, Form, Link, useRevalidator } from "react-router";
import { messages } from "~/db/schema";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import {
  MESSAGE_CHANNEL_LABELS,
  messageProviderLabel,
  messageStateLabel,
} from "~/modules/messages/message-labels";
import { resendMessage } from "~/modules/messages/sender.server";
import { servicesContext } from "~/services.server";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/messages";

const NO_STORE = { "Cache-Control": "no-store" };
const SHOWN = 100;

/**
 * `?before={id}`: the page of messages older than that one. Pages are keyed by id rather than
 * numbered, so a message sent while the owner reads never shifts the next page; anything but a
 * whole number is the first page.
 */
function olderThan(value: string | null) {
  const id = Number(value);
  return value && /^\d{1,15}$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `/admin/messages`: every SMS and email the shop sent or is sending, newest first, paged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  await requireAdmin(services, request, { orders: "view" });
  const before = olderThan(new URL(request.url).searchParams.get("before"));
  const rows = await db
    .select({
      id: messages.id,
      channel: messages.channel,
      audience: messages.audience,
      recipient: messages.recipient,
      subject: messages.subject,
      body: messages.body,
      state: messages.state,
      attempts: messages.attempts,
      provider: messages.provider,
      lastError: messages.lastError,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(before === null ? undefined : lt(messages.id, before))
    .orderBy(desc(messages.id))
    .limit(SHOWN + 1);
  const shown = rows.slice(0, SHOWN);
  return data(
    {
      messages: shown.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      paged: before !== null,
      older: rows.length > SHOWN ? shown[shown.length - 1]!.id : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  await requireAdmin(services, request, { orders: "view" });
  const form = await readForm(request);
  const id = Number(form.get("id"));
  if (form.get("intent") !== "resend" || !Number.isSafeInteger(id) || id < 1) {
    return data({ error: "Unknown action." }, { status: 400 });
  }
  return (await resendMessage(db, id))
    ? { ok: true }
    : data({ error: "Only a failed message can be sent again." }, { status: 409 });
}

const CHANNEL = MESSAGE_CHANNEL_LABELS;

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const list = loaderData.messages;
  // While a message waits for the sender (every few seconds), the list follows it.
  const waiting = list.some((m) => m.state === "queued" || m.state === "sending");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") {
        void revalidator.revalidate();
      }
    }, 3000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="text-lg font-semibold">
        Messages to customers and to you
      </h2>
      <p className="mt-1 text-sm text-muted">
        Newest first. Without an SMS or email provider configured, messages go to this outbox.
      </p>
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {actionData.error}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No messages yet.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {list.map((m) => (
            <li
              key={m.id}
              className="rounded-xl border border-hairline bg-white p-4 text-sm"
              data-testid="message"
            >
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{CHANNEL[m.channel]}</span>
                <span className="break-all">{m.recipient}</span>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${m.state === "failed" ? "bg-danger/10 text-danger" : "bg-sand text-ink"}`}
                  data-testid="message-state"
                >
                  {messageStateLabel(m.state, m.provider)}
                </span>
                <span className="text-xs text-muted">
                  {formatDateTime(m.createdAt)} · attempts: {m.attempts}
                  {m.provider ? ` · ${messageProviderLabel(m.provider)}` : ""}
                </span>
              </p>
              {m.subject ? <p className="mt-2 font-medium">{m.subject}</p> : null}
              <p className="mt-1 whitespace-pre-line break-words text-muted">
                <Linked text={m.body} />
              </p>
              {m.lastError ? (
                <p className="mt-2 text-xs text-danger">Last answer: {m.lastError}</p>
              ) : null}
              {m.state === "failed" ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="id" value={m.id} />
                  <button
                    type="submit"
                    className="btn min-h-11 border border-hairline bg-white px-4"
                  >
                    Send again
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {loaderData.older !== null || loaderData.paged ? (
        <nav aria-label="Older and newer messages" className="mt-4 flex flex-wrap gap-3">
          {loaderData.paged ? (
            <Link
              to="/admin/messages"
              className="btn min-h-11 border border-hairline bg-white px-4"
            >
              Newest messages
            </Link>
          ) : null}
          {loaderData.older !== null ? (
            <Link
              to={`/admin/messages?before=${loaderData.older}`}
              className="btn min-h-11 border border-hairline bg-white px-4"
            >
              Older messages
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** The message's text with its links (the tracking page, the order in /admin) clickable. */
function Linked({ text }: { text: string }) {
  // Each piece keyed by where it starts in the text.
  let start = 0;
  return text.split(/(https?:\/\/\S+)/).map((part) => {
    const at = start;
    start += part.length;
    return /^https?:\/\//.test(part) ? (
      <a key={at} href={part} className="break-all text-accent underline">
        {part}
      </a>
    ) : (
      <span key={at}>{part}</span>
    );
  });
}

import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messages } from "~/db/schema";
import type { MessageChannel } from "~/terms/message-states";
import { logger } from "~/utils/logger.server";

export type OutgoingMessage = typeof messages.$inferSelect;

/** A provider refused the message for good (an invalid number or address): never retried. */
export class PermanentSendError extends Error {}

/** One way out for a channel: Africa's Talking or SMTP in production, the built-in outbox in a demo. */
export type MessageProvider = {
  name: string;
  /** Answers the provider's id of the message; throws PermanentSendError, or anything to retry. */
  send(message: OutgoingMessage): Promise<{ id: string }>;
};
export type MessageProviders = Record<MessageChannel, MessageProvider>;

/**
 * The built-in outbox of a shop with no SMS or email provider configured: the message is
 * recorded as delivered to the outbox, where admins read it (/admin/messages).
 */
export const builtInOutbox: MessageProvider = {
  name: "outbox",
  async send(message) {
    return { id: `outbox-${message.id}` };
  },
};

/** How long a claimed message is its sender's before another process may try it (a crash). */
const CLAIM_SECONDS = 5 * 60;
/** Transient failures are retried with growing waits, for up to a day after the message was written. */
const RETRY_FOR_HOURS = 24;
export const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600);

/**
 * Claims up to `limit` due messages (FOR UPDATE SKIP LOCKED: two processes never claim the same
 * one), sends each through its channel's provider, and records the outcome.
 */
export async function sendDueMessages(db: Db, providers: MessageProviders, limit = 10) {
  await dropFailuresNoLongerTrue(db);
  const claimed = await db.execute<{ id: number }>(sql`
    update ${messages} set state = 'sending', attempts = attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS}), updated_at = now()
    where id in (
      select id from ${messages}
      where state in ('queued', 'sending') and next_attempt_at <= now() and ${stillToTell}
      order by id limit ${limit} for update skip locked)
    returning id`);
  const ids = claimed.rows.map((r) => Number(r.id));
  if (ids.length === 0) return 0;
  const rows = await db
    .select()
    .from(messages)
    .where(inArray(messages.id, ids))
    .orderBy(messages.id);
  for (const message of rows) await deliver(db, providers, message);
  return ids.length;
}

/**
 * A failed payment's message is sent only while its order is still failed with no attempt open
 * (decision 59): paid since, or being paid again, it is not true any more. Checked in the claim
 * itself, so an order paid a moment before is never told it failed.
 */
const stillToTell = sql`(${messages.kind} <> 'payment_failed' or exists (
  select 1 from orders o where o.id = ${messages.orderId} and o.status = 'Failed'
    and o.payment_reversed_at is null
    and not exists (select 1 from payment_attempts a where a.order_id = o.id and a.state = 'open')))`;

/**
 * Failed payments' messages whose wait is over and whose order was paid, or is being paid again,
 * meanwhile: never sent. A new failure of that order writes its own (outbox.server.ts).
 */
async function dropFailuresNoLongerTrue(db: Db) {
  await db.execute(sql`
    delete from ${messages}
    where ${messages.kind} = 'payment_failed' and ${messages.state} = 'queued'
      and ${messages.nextAttemptAt} <= now() and not ${stillToTell}`);
}

async function deliver(db: Db, providers: MessageProviders, message: OutgoingMessage) {
  const provider = providers[message.channel];
  try {
    const { id } = await provider.send(message);
    await db.execute(sql`
      update ${messages} set state = 'sent', provider = ${provider.name},
        provider_message_id = ${id}, sent_at = now(), last_error = null, updated_at = now()
      where id = ${message.id}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentSendError;
    const expired = Date.now() - message.createdAt.getTime() > RETRY_FOR_HOURS * 3600_000;
    logger.warn({ err: error, message: message.id, permanent }, "a message was not sent");
    await db.execute(sql`
      update ${messages} set
        state = ${permanent || expired ? "failed" : "queued"},
        provider = ${provider.name}, last_error = ${reason.slice(0, 300)},
        next_attempt_at = now() + make_interval(secs => ${backoffSeconds(message.attempts)}),
        updated_at = now()
      where id = ${message.id}`);
  }
}

/** Sends due messages every few seconds in this process until stopped. */
export function startMessageSender(db: Db, providers: MessageProviders, everyMs = 2000) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? 0 : sendDueMessages(db, providers)))
      .catch((error) => logger.error({ err: error }, "sending messages failed"));
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** A failed message, sent again on the owner's word. */
export async function resendMessage(db: Db, id: number) {
  const answer = await db.execute(sql`
    update ${messages} set state = 'queued', next_attempt_at = now(), last_error = null,
      updated_at = now()
    where id = ${id} and state = 'failed' returning id`);
  return answer.rows.length > 0;
}

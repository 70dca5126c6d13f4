import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { auditEvents, user } from "~/db/schema";
import { type ActivityEntry, AUDIT_ENTITIES, type AuditEntity, describeChange } from "./describe";

/**
 * What the triggers cannot see, written by the code that does it: sign-ins, a password reset or
 * set through a link. In the caller's transaction when it has one.
 */
export async function recordEvent(
  db: Db | Tx,
  event: {
    actorId: string | null;
    entity: AuditEntity;
    action: string;
    subjectId?: string | null;
    after?: Record<string, unknown>;
  },
) {
  await db.insert(auditEvents).values({
    actorId: event.actorId,
    entity: event.entity,
    action: event.action,
    subjectId: event.subjectId ?? null,
    after: event.after ?? null,
  });
}

/** A sign-in, good or failed, under the account it named (when there is one). */
export async function recordSignIn(
  db: Db,
  input: { email: string; ip: string; ok: boolean; step?: "code" },
) {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  await recordEvent(db, {
    actorId: found?.id ?? null,
    entity: "signin",
    action: input.ok ? "succeeded" : "failed",
    subjectId: found?.id ?? null,
    after: { email, address: input.ip.slice(0, 64), ...(input.step ? { step: input.step } : {}) },
  });
}

export const ACTIVITY_PAGE_SIZE = 50;

const COLUMNS = {
  id: auditEvents.id,
  at: auditEvents.at,
  entity: auditEvents.entity,
  action: auditEvents.action,
  subjectId: auditEvents.subjectId,
  before: auditEvents.before,
  after: auditEvents.after,
  actor: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`,
};

export type ActivityFilter = {
  actorId?: string | null;
  entity?: AuditEntity | null;
  /** Nairobi days, YYYY-MM-DD, both included. */
  from?: string | null;
  to?: string | null;
  page?: number;
};

const nairobiMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);
const nextDay = (day: string) => new Date(nairobiMidnight(day).getTime() + 86_400_000);

/** The trail, newest first, as sentences: one page of what the filter asks for. */
export async function listActivity(db: Db, filter: ActivityFilter) {
  const page = Math.max(1, filter.page ?? 1);
  const where = and(
    filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
    filter.entity ? eq(auditEvents.entity, filter.entity) : undefined,
    filter.from ? gte(auditEvents.at, nairobiMidnight(filter.from)) : undefined,
    filter.to ? lt(auditEvents.at, nextDay(filter.to)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(auditEvents)
      .leftJoin(user, eq(user.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(ACTIVITY_PAGE_SIZE)
      .offset((page - 1) * ACTIVITY_PAGE_SIZE),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    entries: rows.map(inWords),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
  };
}

/** One product's or order's own history (an order's refunds included), newest first. */
export async function historyOf(db: Db, subject: "product" | "order", id: string, limit = 30) {
  const entities = subject === "product" ? ["product", "stock"] : ["order", "refund"];
  const rows = await db
    .select(COLUMNS)
    .from(auditEvents)
    .leftJoin(user, eq(user.id, auditEvents.actorId))
    .where(and(inArray(auditEvents.entity, entities), eq(auditEvents.subjectId, id)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
  return rows.map(inWords);
}

type Row = {
  id: number;
  at: Date;
  entity: string;
  action: string;
  subjectId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor: string | null;
};

/** A row as the page shows it, worded here so the page ships no wording rules. */
function inWords(row: Row): ActivityEntry {
  const entity = (AUDIT_ENTITIES as readonly string[]).includes(row.entity)
    ? (row.entity as AuditEntity)
    : "product";
  const { summary, changes, href } = describeChange({ ...row, entity });
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    entity,
    summary,
    changes,
    href,
  };
}

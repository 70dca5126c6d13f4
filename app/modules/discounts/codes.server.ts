import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { discountCodes, discountUses, orders, paymentAttempts } from "~/db/schema";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { countAttempt, type Limit, uncountAttempt } from "~/modules/throttle/throttle.server";
import { type CodeFields, codeTaken } from "./code-form";
import {
  type CartLine,
  CODE_MESSAGES,
  type DiscountCode,
  normaliseCode,
  type Offer,
  offerFor,
} from "./code-rules";

type CodeRow = typeof discountCodes.$inferSelect;

/** A code by what the shopper typed; null when there is none. */
export async function findCode(db: Db | Tx, typed: string, lock = false): Promise<CodeRow | null> {
  const code = normaliseCode(typed);
  if (!code) return null;
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

const rules = (row: CodeRow | null): DiscountCode | null =>
  row && {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minOrder: row.minOrder,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    categories: row.categories,
    active: row.active,
  };

/**
 * The orders that used a code and count against its limits: every one not Failed, the paid ones
 * (used) and those whose payment is awaited (held). A failed payment gives its use back.
 */
const counting = (codeId: number) =>
  and(eq(discountUses.codeId, codeId), sql`${orders.status} <> 'Failed'`);

/**
 * A customer is known by numbers: an earlier use is theirs when its order's phone, or an M-Pesa
 * number one of its payment prompts went to, is one of `phones` (this order's phone and payer).
 */
const byNumbers = (phones: string[]) =>
  or(
    inArray(discountUses.phone, phones),
    sql`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${discountUses.orderId} and ${inArray(paymentAttempts.phone, phones)})`,
  );

async function usesOf(db: Db | Tx, codeId: number, phones: string[] = []) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      mine: phones.length
        ? sql<number>`count(*) filter (where ${byNumbers(phones)})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(discountUses)
    .innerJoin(orders, eq(orders.id, discountUses.orderId))
    .where(counting(codeId));
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
}

const usedUp = (row: CodeRow, uses: number) => row.totalLimit !== null && uses >= row.totalLimit;

/**
 * What a typed code gives these lines now, or the sentence saying why not (also a code whose
 * uses are all taken). Whose it is (the per-customer limit) is known only at checkout.
 */
export async function offerForLines(db: Db | Tx, typed: string, lines: readonly CartLine[]) {
  const row = await findCode(db, typed);
  const answer = offerFor(rules(row), lines, new Date());
  if (!answer.ok || !row) return answer;
  if (usedUp(row, (await usesOf(db, row.id)).all)) {
    return { ok: false as const, error: CODE_MESSAGES.usedUp };
  }
  return answer;
}

/**
 * Takes a use of the order's code, in the order's transaction: the code's row is locked first,
 * so checkouts with one code take turns and none sees a count another is about to change. Throws
 * CodeRefused when the code is used up, or by this customer as often as it may be: by the order's
 * phone or by the M-Pesa number asked to pay (`payerPhone`), against earlier orders' phones and
 * the numbers their prompts went to. One person with another phone and another M-Pesa number is
 * not known; the owner's form says so.
 */
export async function holdCodeUse(
  tx: Tx,
  use: { code: string; orderId: string; phone: string; payerPhone?: string | undefined },
): Promise<void> {
  const row = await findCode(tx, use.code, true);
  if (!row) throw new CodeRefused(CODE_MESSAGES.unknown);
  const phones = [...new Set([use.phone, use.payerPhone ?? use.phone])];
  const uses = await usesOf(tx, row.id, phones);
  if (usedUp(row, uses.all)) throw new CodeRefused(CODE_MESSAGES.usedUp);
  if (row.perCustomerLimit !== null && uses.mine >= row.perCustomerLimit) {
    throw new CodeRefused(CODE_MESSAGES.usedByYou);
  }
  await tx.insert(discountUses).values({ orderId: use.orderId, codeId: row.id, phone: use.phone });
}

export class CodeRefused extends Error {}

/** Tries of a code from one address: a code cannot be found by guessing. */
export const CODE_TRIES_PER_ADDRESS: Limit = {
  name: "code-tries",
  points: 10,
  windowSeconds: 15 * 60,
};

export type OfferAnswer = { ok: true; offer: Offer } | { ok: false; error: string; tooMany?: true };

/**
 * `offerForLines` for a shopper on the internet: each try counts against their address, and a
 * code that applies is not counted, so only wrong guesses run out.
 */
export async function triedOffer(
  db: Db,
  typed: string,
  lines: readonly CartLine[],
  clientAddress: string | undefined,
): Promise<OfferAnswer> {
  if (clientAddress !== undefined) {
    const tried = await countAttempt(db, CODE_TRIES_PER_ADDRESS, clientAddress);
    if (!tried.allowed) return { ok: false, error: CODE_MESSAGES.tooManyTries, tooMany: true };
  }
  const answer = await offerForLines(db, typed, lines);
  if (answer.ok && clientAddress !== undefined) {
    await uncountAttempt(db, CODE_TRIES_PER_ADDRESS, clientAddress);
  }
  return answer;
}

/** Every code with its uses (paid, and held while a payment is awaited), newest first. */
export async function listCodes(db: Db) {
  const rows = await db
    .select({
      code: discountCodes,
      used: sql<number>`count(${orders.id}) filter (where ${orders.status} <> 'Failed' and ${orders.paymentStatus}->>'state' = 'COMPLETED')`.mapWith(
        Number,
      ),
      held: sql<number>`count(${orders.id}) filter (where ${orders.status} <> 'Failed' and coalesce(${orders.paymentStatus}->>'state', '') <> 'COMPLETED')`.mapWith(
        Number,
      ),
    })
    .from(discountCodes)
    .leftJoin(discountUses, eq(discountUses.codeId, discountCodes.id))
    .leftJoin(orders, eq(orders.id, discountUses.orderId))
    .groupBy(discountCodes.id)
    .orderBy(sql`${discountCodes.createdAt} desc`, asc(discountCodes.id));
  return rows.map(({ code, used, held }) => ({ ...code, used, held }));
}

/** A code the owner cannot create as asked: the form's sentence. */
export class CodeFormError extends Error {}

/** The owner's new code; a code of that name already there is refused with a sentence. */
export async function createCode(db: Db, fields: CodeFields, adminId: string | null) {
  const [created] = await asAdmin(db, adminId, (tx) =>
    tx
      .insert(discountCodes)
      .values({ ...fields, adminId })
      .onConflictDoNothing({ target: discountCodes.code })
      .returning({ id: discountCodes.id }),
  );
  if (!created) throw new CodeFormError(codeTaken(fields.code));
  return created.id;
}

/** Ends a code now (it stops applying) or starts it again. */
export async function setCodeActive(db: Db, id: number, active: boolean, adminId: string | null) {
  const changed = await asAdmin(db, adminId, (tx) =>
    tx
      .update(discountCodes)
      .set({ active })
      .where(eq(discountCodes.id, id))
      .returning({ id: discountCodes.id }),
  );
  return changed.length > 0;
}

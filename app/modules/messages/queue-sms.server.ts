import type { Db, Tx } from "~/db/client.server";
import { messages } from "~/db/schema";
import type { MessageKind } from "~/terms/message-states";

/**
 * Writes one SMS to a shopper into the outbox (not tied to an order), in the caller's
 * transaction. Its dedupe key names the cause: the same cause again writes nothing.
 */
export async function queueShopperSms(
  tx: Db | Tx,
  sms: { kind: MessageKind; recipient: string; body: string; dedupeKey: string },
) {
  await tx
    .insert(messages)
    .values({ ...sms, audience: "shopper", channel: "sms" })
    .onConflictDoNothing();
}

import { defineJob, QUEUES } from "~/modules/jobs/jobs.server";
import { logger } from "~/utils/logger.server";
import { reconcilePendingOrders } from "./reconcile-payments.server";
import type { SettlingShop } from "./settle-payment.server";

/**
 * The reconciliation as a job sent every minute, once across all processes. `exclusive`: a run
 * that takes longer than a minute is not joined by a second one; the next occurrence is dropped.
 */
export function reconciliationJob(shop: SettlingShop) {
  return defineJob({
    queue: QUEUES.reconcilePayments,
    policy: "exclusive",
    cron: "* * * * *",
    // Each Pesapal call has its own time limit; a batch of 20 fits well within this.
    expireInSeconds: 15 * 60,
    pollingIntervalSeconds: 10,
    async run() {
      const n = await reconcilePendingOrders(shop);
      if (n) logger.info({ orders: n }, "reconciled pending orders");
    },
  });
}

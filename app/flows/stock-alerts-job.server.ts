import type { Db } from "~/db/client.server";
import { sendStockAlerts } from "~/modules/inventory/stock-alerts.server";
import { defineJob, QUEUES } from "~/modules/jobs/jobs.server";
import { logger } from "~/utils/logger.server";

/**
 * 'Tell me when it is back' each minute, once across all processes: stock also returns without
 * the owner (an unpaid order's hold let go), and the owner's own changes are sent at once.
 */
export function stockAlertsJob(db: Db, shop: Parameters<typeof sendStockAlerts>[1]) {
  return defineJob({
    queue: QUEUES.stockAlerts,
    policy: "exclusive",
    cron: "* * * * *",
    pollingIntervalSeconds: 10,
    async run() {
      const n = await sendStockAlerts(db, shop);
      if (n) logger.info({ alerts: n }, "back-in-stock SMS written to the outbox");
    },
  });
}

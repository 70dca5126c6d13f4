import type { Db } from "~/db/client.server";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { releasesOnStatusChange } from "~/modules/inventory/stock-rules";
import { setOrderStatus } from "~/modules/orders/order-status.server";
import { releasePieces } from "./order-stock.server";

/**
 * An admin's status change, recorded with the admin who made it. An unpaid order set to Failed
 * will not be paid for: its held units go back on sale.
 */
export async function changeOrderStatus(
  db: Db,
  input: { orderId: string; status: string; adminId: string },
) {
  return asAdmin(db, input.adminId, async (tx) => {
    const { from, to, stockState } = await setOrderStatus(tx, input);
    if (from !== to && releasesOnStatusChange(stockState, to)) {
      await releasePieces(tx, input.orderId, "set to Failed by an admin", input.adminId);
    }
    return to;
  });
}

import { requireAdmin } from "~/modules/auth/require-admin.server";
import { ordersForExport, parseOrdersQuery } from "~/modules/orders/admin-orders.server";
import { csvHeader, csvLine } from "~/modules/orders/orders-csv";
import { recordExport } from "~/modules/orders/personal-data.server";
import { servicesContext } from "~/services.server";
import { nairobiDay } from "~/utils/dates";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/orders-csv";

/**
 * GET /admin/orders.csv?status=&sort=: the orders the orders tab's filter shows, all of them (not
 * one page), streamed a batch at a time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { orders: "export" });
  const query = parseOrdersQuery(new URL(request.url).searchParams);
  // Every customer's details leave the shop: the activity trail says who took them.
  await recordExport(db, admin, query);
  const batches = ordersForExport(db, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read names with accents as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvHeader()}`));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
      } catch (error) {
        logger.error({ err: error }, "orders export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  logger.info({ admin: admin.id, status: query.status }, "orders exported");
  // Named for the shop's own day, as the dates inside are.
  const day = nairobiDay(new Date());
  const name = `orders-${query.status === "all" ? "all" : query.status.toLowerCase()}-${day}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}

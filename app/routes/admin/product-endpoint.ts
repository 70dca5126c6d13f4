import { redirect } from "react-router";
import type { EndpointAnswer } from "~/components/admin/post-with-progress";
import { createProduct, deleteProduct, updateProduct } from "~/flows/save-product.server";
import { assertCan, requireAdmin, requireAdminApi } from "~/modules/auth/require-admin.server";
import { can, FORBIDDEN, type Permission } from "~/modules/auth/roles";
import { PRODUCT_FAILURES, validateProductForm } from "~/modules/catalog/product-form";
import { ProductEditError, uploadsFrom } from "~/modules/catalog/product-uploads.server";
import { sendStockAlerts } from "~/modules/inventory/stock-alerts.server";
import { servicesContext } from "~/services.server";
import { apiError } from "~/utils/api-error";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/product-endpoint";

type Intent = keyof typeof PRODUCT_FAILURES;

const PERMISSION: Record<Intent, Permission> = {
  create: { products: "create" },
  update: { products: "edit" },
  delete: { products: "delete" },
};

/**
 * POST /admin/products (create) and /admin/products/:id (update, or delete with intent=delete).
 * The dashboard's scripts send `Accept: application/json` and get JSON back (so they can show
 * upload progress); a plain form post without JavaScript is redirected back to the dashboard.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, media: storage, settings } = services;
  const json = request.headers.get("accept")?.includes("application/json") ?? false;
  const admin = json
    ? await requireAdminApi(services, request)
    : await requireAdmin(services, request);
  const form = await readForm(request);
  const intent: Intent = !params.id
    ? "create"
    : form.get("intent") === "delete"
      ? "delete"
      : "update";
  const back = returnTo(form.get("returnTo"));
  if (!can(admin.role, PERMISSION[intent])) {
    if (json) return apiError(403, "FORBIDDEN", FORBIDDEN);
    assertCan(admin, PERMISSION[intent]);
  }

  const answer = (status: number, body: EndpointAnswer) => {
    if (json) {
      return Response.json(body.ok ? body : { ...body, error: PRODUCT_FAILURES[intent] }, {
        status,
      });
    }
    const target = new URL(back, "http://shop.local");
    target.searchParams.delete("edit");
    if (!body.ok) target.searchParams.set("failed", intent);
    // The new product leads the list it comes back to.
    else if (intent === "create" && body.id) target.searchParams.set("added", body.id);
    return redirect(`${target.pathname}${target.search}`, 303);
  };

  try {
    if (intent === "delete") {
      const deleted = await deleteProduct(db, storage, params.id!, admin.id);
      logger.info({ admin: admin.id, product: params.id, deleted }, "product deleted");
      return answer(deleted ? 200 : 404, { ok: deleted });
    }
    const valid = validateProductForm(form);
    if (!valid.ok) return answer(400, { ok: false, fields: valid.errors });
    const uploads = await uploadsFrom(form);
    if (intent === "create") {
      const id = await createProduct(db, storage, valid.data, uploads, admin.id);
      logger.info({ admin: admin.id, product: id }, "product created");
      return answer(201, { ok: true, id });
    }
    const keep = form.getAll("keep").filter((k): k is string => typeof k === "string");
    const updated = await updateProduct(
      db,
      storage,
      params.id!,
      valid.data,
      keep,
      uploads,
      admin.id,
    );
    logger.info({ admin: admin.id, product: params.id, updated }, "product updated");
    // Back on the shelf: the shoppers who asked hear of it now (the minute's job would too).
    if (updated)
      await sendStockAlerts(db, settings).catch((err) => logger.error({ err }, "stock alerts"));
    return answer(updated ? 200 : 404, { ok: updated, id: params.id });
  } catch (error) {
    if (error instanceof ProductEditError) return answer(400, { ok: false, detail: error.message });
    logger.error({ err: error, product: params.id }, `could not ${intent} a product`);
    return answer(500, { ok: false });
  }
}

/** Only back to the dashboard, whatever the form says. */
function returnTo(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/admin(\?|$)/.test(value) ? value : "/admin";
}

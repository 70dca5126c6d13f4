import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import { data, Form } from "react-router";
import { ProductImage } from "~/components/ProductImage";
import { moveFeatured, resetFeaturedOrder } from "~/flows/arrange-products.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { FEATURED_LIMIT, featuredForOwner } from "~/modules/catalog/featured.server";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/featured";

const NO_STORE = { "Cache-Control": "no-store" };

/** `/admin/featured`: the order of the featured products Home shows (the first 8 in stock). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  await requireAdmin(services, request, { products: "feature" });
  const featured = await featuredForOwner(db);
  return data(
    { featured, ordered: featured.some((p) => p.position !== null), limit: FEATURED_LIMIT },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { products: "feature" });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "reset") {
    await resetFeaturedOrder(db, admin.id);
    return { ok: true };
  }
  const id = String(form.get("id") ?? "").slice(0, 100);
  const direction = form.get("direction");
  if (intent !== "move" || !id || (direction !== "up" && direction !== "down")) {
    return data({ error: "Unknown action." }, { status: 400 });
  }
  return (await moveFeatured(db, id, direction, admin.id))
    ? { ok: true }
    : data({ error: "That product is no longer featured." }, { status: 409 });
}

export default function FeaturedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { featured, ordered, limit } = loaderData;
  // Home shows the first 8 in stock; the rest wait their turn.
  let shown = 0;
  return (
    <section aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="text-lg font-semibold">
        Featured on Home
      </h2>
      <p className="mt-1 text-sm text-muted">
        Home shows the first {limit} available featured products. The most recently featured come
        first until you move them.
      </p>
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {actionData.error}
        </p>
      ) : null}
      {featured.length === 0 ? (
        <p className="mt-4 text-sm text-muted">
          No featured products. Mark a product with the star in Manage Products.
        </p>
      ) : (
        <ol className="mt-4 divide-y divide-hairline rounded-xl border border-hairline bg-white">
          {featured.map((p, i) => {
            const onHome = p.inStock && shown < limit;
            if (p.inStock) shown++;
            return (
              <li key={p.id} className="flex items-center gap-3 p-3" data-testid="featured-product">
                <span className="w-6 text-right text-sm text-muted tabular">{i + 1}</span>
                <div className="w-12 shrink-0 overflow-hidden rounded-md">
                  <ProductImage image={p.image} alt="" productName={p.name} sizes="48px" />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{p.name}</p>
                  <p className="text-xs text-muted">
                    {onHome
                      ? "On Home"
                      : p.inStock
                        ? "Not on Home: the first places are taken"
                        : "Hidden from the shop"}
                  </p>
                </div>
                <Form method="post" className="flex gap-1" preventScrollReset>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="id" value={p.id} />
                  <button
                    type="submit"
                    name="direction"
                    value="up"
                    disabled={i === 0}
                    className="inline-flex size-11 items-center justify-center rounded-lg border border-hairline bg-white disabled:opacity-40"
                    aria-label={`Move ${p.name} up`}
                  >
                    <ArrowUp size={18} aria-hidden="true" />
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    disabled={i === featured.length - 1}
                    className="inline-flex size-11 items-center justify-center rounded-lg border border-hairline bg-white disabled:opacity-40"
                    aria-label={`Move ${p.name} down`}
                  >
                    <ArrowDown size={18} aria-hidden="true" />
                  </button>
                </Form>
              </li>
            );
          })}
        </ol>
      )}
      {ordered ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className="btn min-h-11 border border-hairline bg-white px-4">
            Newest featured first
          </button>
        </Form>
      ) : null}
    </section>
  );
}

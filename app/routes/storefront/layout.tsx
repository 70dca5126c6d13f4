import { useMemo } from "react";
import { data, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage, errorPageFor } from "~/components/ErrorPage";
import { Shell } from "~/components/shell/Shell";
import { pageShopper, ShopperMarker, ShopperScript } from "~/components/shell/shopper";
import { loadShopper } from "~/flows/shopper.server";
import { stockedCategories } from "~/modules/catalog/listing.server";
import { navCategories } from "~/modules/catalog/nav-categories";
import { useShopConfig } from "~/root";
import { servicesContext, sharedPageContext } from "~/services.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/layout";

/**
 * Storefront pages only: the collections in stock for the menus, and the shopper's own parts (the
 * cart for the header and drawer, a one-time message). A page rendered to be shared by every
 * shopper (server/page-cache.ts) carries a marker instead, and each answer fills them in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const shared = context.get(sharedPageContext);
  // Without the database, the menus offer every collection.
  const stocked = await stockedCategories(services.database).catch((error: unknown) => {
    logger.error({ err: error }, "could not load the collections in stock");
    return null;
  });
  if (shared) return data({ shopper: null, marker: shared.shopperMarker, stocked });
  const { shopper, setCookie } = await loadShopper(services, request);
  return data(
    { shopper, marker: null, stocked },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

const NO_SHOPPER = { cart: { count: 0, total: 0, items: [] }, flash: null };

function StorefrontShell({ children }: { children: React.ReactNode }) {
  const config = useShopConfig();
  // Also read by the error boundary, which renders in place of the layout's component.
  const loaded = useRouteLoaderData<typeof loader>("routes/storefront/layout");
  const stocked = loaded?.stocked ?? null;
  const categories = useMemo(() => navCategories(stocked ?? undefined), [stocked]);
  // A shared page's shopper is in the page itself (filled in by the server); after a change to
  // the cart the loader's answer is the shopper's own.
  const shopper = loaded?.shopper ?? pageShopper() ?? NO_SHOPPER;
  const marker = import.meta.env.SSR ? (loaded?.marker ?? null) : null;
  return (
    <ShopperMarker value={marker}>
      <Shell
        shopName={config.shopName}
        social={config}
        categories={categories}
        cart={shopper.cart}
        demoPayments={config.demoPayments}
        flash={shopper.flash}
      >
        {children}
      </Shell>
      <ShopperScript shopper={loaded?.shopper ?? null} marker={marker} />
    </ShopperMarker>
  );
}

export default function StorefrontLayout() {
  return (
    <StorefrontShell>
      <Outlet />
    </StorefrontShell>
  );
}

/** Errors inside the storefront keep the shell, so the shopper can carry on elsewhere. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StorefrontShell>
      <ErrorPage
        {...errorPageFor(error)}
        detail={import.meta.env.DEV && error instanceof Error ? error.stack : undefined}
      />
    </StorefrontShell>
  );
}

import { useMemo } from "react";
import { data, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage, errorPageFor } from "~/components/ErrorPage";
import { Shell } from "~/components/shell/Shell";
import { EMPTY_CART, loadCart, readCartId } from "~/modules/cart/cart.server";
import { flashCookie, readFlash } from "~/modules/cart/flash.server";
import { stockedCategories } from "~/modules/catalog/listing.server";
import { navCategories } from "~/modules/catalog/nav-categories";
import { freeDeliveryApplies, shortOfFreeDelivery } from "~/modules/checkout/delivery";
import { useShopConfig } from "~/root";
import { servicesContext } from "~/services.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/layout";

/** Storefront pages only: the cart for the header and drawer, and a one-time message. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, database, settings } = context.get(servicesContext);
  const cartId = await readCartId(request);
  let cart = EMPTY_CART;
  // Without the database, the menus offer every collection.
  let stocked: string[] | null = null;
  try {
    [cart, stocked] = await Promise.all([loadCart(db, cartId), stockedCategories(database)]);
  } catch (error) {
    // The page itself says whether the database is down; the header just shows no cart.
    logger.error({ err: error }, "could not load the cart");
  }
  const flash = await readFlash(request);
  const freeDeliveryOver = settings.FREE_DELIVERY_OVER;
  const delivery = {
    free: freeDeliveryApplies(cart.total, freeDeliveryOver),
    shortBy: shortOfFreeDelivery(cart.total, freeDeliveryOver),
  };
  return data(
    {
      cart: { count: cart.count, total: cart.total, items: cart.items, delivery },
      flash,
      stocked,
    },
    flash
      ? { headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) } }
      : undefined,
  );
}

function StorefrontShell({ children }: { children: React.ReactNode }) {
  const config = useShopConfig();
  // Also read by the error boundary, which renders in place of the layout's component.
  const { cart, flash, stocked } = useRouteLoaderData<typeof loader>(
    "routes/storefront/layout",
  ) ?? { cart: { count: 0, total: 0, items: [] }, flash: null, stocked: null };
  const categories = useMemo(() => navCategories(stocked ?? undefined), [stocked]);
  return (
    <Shell
      shopName={config.shopName}
      social={config}
      categories={categories}
      cart={cart}
      demoPayments={config.demoPayments}
      flash={flash}
    >
      {children}
    </Shell>
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

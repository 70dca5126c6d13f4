import { isRouteErrorResponse, Outlet } from "react-router";
import { ErrorPage } from "~/components/ErrorPage";
import { Shell } from "~/components/shell/Shell";
import { navCategories } from "~/modules/catalog/nav-categories";
import { useRootData } from "~/root";
import type { Route } from "./+types/layout";

const categories = navCategories();

function StorefrontShell({ children }: { children: React.ReactNode }) {
  const { config, cart, flash } = useRootData();
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
  const status =
    isRouteErrorResponse(error) && (error.status === 404 || error.status === 503)
      ? error.status
      : 500;
  return (
    <StorefrontShell>
      <ErrorPage
        status={status}
        detail={import.meta.env.DEV && error instanceof Error ? error.stack : undefined}
      />
    </StorefrontShell>
  );
}

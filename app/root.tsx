import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/ErrorPage";
import { getDatabase } from "./db/client.server";
import { EMPTY_CART, loadCart, readCartId } from "./modules/cart/cart.server";
import { flashCookie, readFlash } from "./modules/cart/flash.server";
import { getPublicConfig } from "./utils/env.server";
import { logger } from "./utils/logger.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Every page: the shop's public details, the cart for the header and drawer, a one-time message. */
export async function loader({ request }: Route.LoaderArgs) {
  const cartId = await readCartId(request);
  let cart = EMPTY_CART;
  try {
    cart = await loadCart(getDatabase().db, cartId);
  } catch (error) {
    // The page itself says whether the database is down; the header just shows no cart.
    logger.error({ err: error }, "could not load the cart");
  }
  const flash = await readFlash(request);
  return data(
    {
      config: getPublicConfig(),
      cart: { count: cart.count, total: cart.total, items: cart.items },
      flash,
    },
    flash
      ? { headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) } }
      : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function useRootData() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  if (!rootData) throw new Error("The shop's configuration is not loaded.");
  return rootData;
}

export function useShopConfig() {
  return useRootData().config;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-KE">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e1b4b" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-paper font-sans text-ink antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort: anything no route handled. No stack reaches the browser in production. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return <ErrorPage status={503} />;
  }
  return (
    <ErrorPage
      status={500}
      detail={import.meta.env.DEV && error instanceof Error ? error.stack : undefined}
    />
  );
}

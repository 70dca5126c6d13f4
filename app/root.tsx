import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { msg } from "~/i18n/messages";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage, errorPageFor } from "./components/ErrorPage";
import { ConnectionNotice, keepRequestsThroughDrops } from "./components/offline/ConnectionNotice";
import { RefreshWithoutScripts } from "./components/RefreshWithoutScripts";
import { servicesContext } from "./services.server";
import { publicConfig } from "./settings.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Every page: the shop's public details (the storefront's layout adds the cart). */
export function loader({ context }: Route.LoaderArgs) {
  return { config: publicConfig(context.get(servicesContext).settings) };
}

/** The shop's public details never change while it runs: no request to fetch them again. */
export function shouldRevalidate() {
  return false;
}

/** The shop's public details: the root's data, which every page has (its loader reads no database). */
export function useShopConfig() {
  return useRouteLoaderData<typeof loader>("root")!.config;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Marks the page interactive, for the browser tests; every page also works before it is.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // The page's lower parts, skipped while it arrived (app.css), are laid out from the first scroll.
    const scrolled = () => {
      document.documentElement.dataset.scrolled = "true";
    };
    if (window.scrollY > 0) scrolled();
    else window.addEventListener("scroll", scrolled, { once: true, passive: true });
    keepRequestsThroughDrops();
    // The offline page for a dropped connection (public/sw.js); the built shop only, so
    // development always sees fresh files.
    if (import.meta.env.PROD && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => {
        // Without it the shop works as before; the browser shows its own offline page.
      });
    }
  }, []);
  return (
    <html lang={msg.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e1b4b" />
        {/* The only render-blocking request: asked for before <Links /> lists the script
            preloads, so a slow connection fetches it first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        <RefreshWithoutScripts />
      </head>
      <body className="min-h-dvh bg-paper font-sans text-ink antialiased">
        {children}
        <ConnectionNotice />
        {/* A new page starts at the top (unless a link asks to keep the place), Back returns to
            where the shopper was. Its inline script takes the page's CSP nonce from the router. */}
        <ScrollRestoration />
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
  return (
    <ErrorPage
      {...errorPageFor(error)}
      detail={import.meta.env.DEV && error instanceof Error ? error.stack : undefined}
    />
  );
}

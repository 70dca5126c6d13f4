import { matchRoutes, type RouteObject } from "react-router";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
};

/**
 * Names a request by the route-table pattern it matches (`/product/:id`, `/media/*`), never by
 * its URL, so a metric has one series per route however many products or images there are.
 * React Router's data requests (`/cart.data`) count as their page's.
 */
export function routeLabeller(manifest: Record<string, ManifestRoute | undefined>) {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((route): route is ManifestRoute => route?.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: childrenOf(route.id),
            },
      );
  const routes = childrenOf(undefined);
  return (pathname: string): string => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(routes, page);
    if (!matches) return "unmatched";
    const pattern = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/");
    return `/${pattern}`.replace(/\/{2,}/g, "/");
  };
}

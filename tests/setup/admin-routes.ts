import routes from "~/routes";

/**
 * The admin routes of the route config, with their modules, for the tests that call every admin
 * loader and action: a new admin route is covered the day it is added.
 */
type ConfigEntry = { path?: string; file: string; index?: boolean; children?: ConfigEntry[] };
export type Handler = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: unknown;
}) => Promise<unknown>;
export type AdminRoute = {
  path: string;
  file: string;
  module: { loader?: Handler; action?: Handler };
};

/** Every route of the config with its full path (layouts add no segment). */
function flatten(entries: readonly ConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ path: full, file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

export const adminRoutes: AdminRoute[] = await Promise.all(
  flatten(routes as readonly ConfigEntry[])
    .filter((r) => (r.path === "admin" || r.path.startsWith("admin/")) && !r.path.includes("login"))
    .map(async (r) => ({ ...r, module: await import(/* @vite-ignore */ `~/${r.file}`) })),
);

/** The ways a route's params can be filled: optional ones left out, then every one given. */
export function paramSets(routePath: string, id: string) {
  const names = [...routePath.matchAll(/:(\w+)(\?)?/g)].map((m) => ({
    name: m[1]!,
    optional: Boolean(m[2]),
  }));
  const all = Object.fromEntries(names.map((p) => [p.name, id]));
  const required = Object.fromEntries(names.filter((p) => !p.optional).map((p) => [p.name, id]));
  const sets = [required, all];
  return names.some((p) => p.optional) ? sets : [all];
}

export const urlFor = (origin: string, routePath: string, params: Record<string, string>) =>
  `${origin}/${routePath
    .split("/")
    .map((segment) => {
      const param = /^:(\w+)\??$/.exec(segment);
      return param ? (params[param[1]!] ?? "") : segment;
    })
    .filter(Boolean)
    .join("/")}`;

/** What a loader or action answered, in a form the assertions can compare. */
export async function outcomeOf(run: () => Promise<unknown>): Promise<string> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    const location = answer.headers.get("location");
    if (answer.status === 401 || answer.status === 403) {
      // A refused endpoint says why and nothing else.
      const body = (await answer.json()) as { error?: { message?: string } };
      return Object.keys(body).join(",") === "error"
        ? `${answer.status}${answer.status === 403 ? ` ${body.error?.message}` : ""}`
        : `${answer.status} with ${JSON.stringify(body)}`;
    }
    return `${answer.status}${location ? ` ${location}` : ""}`;
  }
  // React Router's data(): a page's refusal, with the sentence the error page shows.
  if (answer && (answer as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = answer as { data: unknown; init: ResponseInit | null };
    const status = init?.status ?? 200;
    return status === 403
      ? `403 ${String(data)}`
      : `data ${status} ${JSON.stringify(data)?.slice(0, 200)}`;
  }
  if (answer instanceof Error) return `error ${answer.message}`;
  return `ran ${JSON.stringify(answer)?.slice(0, 200)}`;
}

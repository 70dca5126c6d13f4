import { data } from "react-router";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/test-error";

/** Fails on purpose so the browser suite can see the error page; a 404 unless TEST_HOOKS is on. */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(servicesContext).settings.TEST_HOOKS) throw data(null, { status: 404 });
  throw new Error("A deliberate failure for the test suite.");
}

export default function NeverRendered() {
  return null;
}

import { bringMessagesForward } from "~/modules/messages/outbox-clock.server";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/test-outbox-clock";

/**
 * For the browser suite only (a 404 unless TEST_HOOKS is on): as if `minutes` had passed for one
 * order's messages still waiting in the outbox, so a failed payment's wait can be watched without
 * waiting it out. The order is named by its reference; no other order's messages move.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = context.get(servicesContext);
  // Read first: a malformed form is refused as on every route, hooks or not.
  const form = await readForm(request);
  if (!shop.settings.TEST_HOOKS) return notHere();
  const minutes = Number(form.get("minutes"));
  const reference = String(form.get("order") ?? "").toLowerCase();
  if (
    !Number.isInteger(minutes) ||
    minutes < 1 ||
    minutes > 60 ||
    !/^[0-9a-f]{8}$/.test(reference)
  ) {
    return Response.json(
      { error: "Give minutes (1 to 60) and an order's 8-character reference." },
      { status: 400 },
    );
  }
  return Response.json({ moved: await bringMessagesForward(shop.db, reference, minutes) });
}

const notHere = () =>
  Response.json({ error: "There is nothing at this address." }, { status: 404 });

export function loader() {
  return notHere();
}

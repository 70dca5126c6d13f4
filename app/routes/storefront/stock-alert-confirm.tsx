import { data, Form, Link, useNavigation } from "react-router";
import { msg } from "~/i18n/messages";
import { confirmNumber, numberToConfirm } from "~/modules/inventory/stock-alerts.server";
import { servicesContext } from "~/services.server";
import { readablePhone } from "~/terms/phone";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/stock-alert-confirm";

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  // The token is in the address: a link followed from here must not carry it to another site.
  "Referrer-Policy": "no-referrer",
};

/**
 * `/stock-alerts/{token}`: the link in the first SMS to a number left for 'Tell me when it is
 * back'. Opening it asks; the button confirms (a link previewer that fetches the page confirms
 * nothing). Without JavaScript the form posts and the page answers the same.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await numberToConfirm(context.get(servicesContext).db, params.token);
  // A 404 that still says what to do (the shop's own 404 page does not know about links).
  if (!found) return data({ phone: null, confirmed: false }, { status: 404, headers: PRIVATE });
  return data(
    { phone: readablePhone(found.phone), confirmed: found.confirmed },
    { headers: PRIVATE },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  // The form has only its button, but its body is read as every form's is (hostile input refused).
  await readForm(request);
  const phone = await confirmNumber(context.get(servicesContext).db, params.token);
  if (!phone) return data({ done: null }, { status: 404, headers: PRIVATE });
  return data({ done: readablePhone(phone) }, { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: msg.alertConfirmTitle },
  { name: "robots", content: "noindex" },
];

export default function ConfirmAlertNumber({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const done = actionData?.done ?? (loaderData.confirmed ? loaderData.phone : null);
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-12">
      <h1 className="text-3xl font-bold">{msg.alertConfirmTitle}</h1>
      {loaderData.phone === null ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/5 px-4 py-3 text-danger">
          {msg.alertConfirmInvalid}
        </p>
      ) : done ? (
        <>
          <p role="status" className="mt-6 rounded-xl bg-success/10 px-4 py-3 font-medium">
            {msg.alertConfirmDone(done)}
          </p>
          <Link to="/shop" className="btn btn-primary mt-6">
            {msg.continueShopping}
          </Link>
        </>
      ) : (
        <Form method="post" className="mt-6 space-y-6">
          <p>{msg.alertConfirmAsk(loaderData.phone)}</p>
          <button type="submit" disabled={busy} className="btn btn-primary">
            {msg.alertConfirmButton}
          </button>
        </Form>
      )}
    </main>
  );
}

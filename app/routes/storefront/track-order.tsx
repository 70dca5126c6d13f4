import { data, Form, redirect } from "react-router";
import { FormField, inputClass } from "~/components/FormField";
import { msg } from "~/i18n/messages";
import { findOrderToTrack } from "~/modules/orders/tracking.server";
import { clientAddressContext, servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/track-order";

export const meta: Route.MetaFunction = () => [
  { title: msg.navTrackOrder },
  { name: "robots", content: "noindex" },
];

/** `/orders`: the reference and the checkout phone number lead to the order's own page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = {
    reference: String(form.get("reference") ?? "").slice(0, 40),
    phone: String(form.get("phone") ?? "").slice(0, 40),
  };
  const answer = await findOrderToTrack(context.get(servicesContext).db, {
    ...values,
    address: context.get(clientAddressContext),
  });
  if (answer.found) throw redirect(`/orders/${answer.token}`);
  return answer.reason === "throttled"
    ? data({ error: msg.trackTooManyTries, values }, { status: 429 })
    : data({ error: msg.trackNotFound, values }, { status: 404 });
}

export default function TrackOrder({ actionData }: Route.ComponentProps) {
  const values = actionData?.values;
  const error = actionData?.error;
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-10 pb-16 sm:px-6">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{msg.navTrackOrder}</h1>
      <p className="mt-3 text-muted">{msg.trackIntro}</p>
      <Form method="post" className="mt-8 space-y-5">
        {error ? (
          <p
            id="track-error"
            role="alert"
            className="rounded-xl border border-danger/30 bg-danger/5 p-4 text-sm text-danger"
          >
            {error}
          </p>
        ) : null}
        <FormField id="reference" label={msg.orderReferenceLabel} required>
          <input
            id="reference"
            name="reference"
            required
            maxLength={9}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={msg.orderReferenceExample}
            defaultValue={values?.reference}
            className={`${inputClass} uppercase placeholder:normal-case`}
            {...(error ? { "aria-describedby": "track-error" } : {})}
          />
        </FormField>
        <FormField id="phone" label={msg.phoneNumberLabel} required>
          <input
            id="phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={20}
            placeholder="07XX XXX XXX"
            defaultValue={values?.phone}
            className={inputClass}
          />
        </FormField>
        <button type="submit" className="btn btn-primary w-full">
          {msg.findMyOrder}
        </button>
      </Form>
    </main>
  );
}

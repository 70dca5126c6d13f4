import CheckCircle2 from "lucide-react/icons/circle-check";
import XCircle from "lucide-react/icons/circle-x";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { Link } from "react-router";
import { msg } from "~/i18n/messages";
import { PICKUP_LOCATIONS } from "~/modules/checkout/delivery";
import { useShopConfig } from "~/root";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: msg.returnsTitle,
    description: msg.returnsDescription,
    path: "/returns",
  });

export default function Returns() {
  const { email } = useShopConfig();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-10 pb-6 sm:px-6">
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">
        {msg.returnsTitle}
      </p>
      <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">{msg.returnPolicy}</h1>
      <p className="mt-4 text-lg text-muted">{msg.returnsIntro}</p>

      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        <section
          aria-labelledby="can-heading"
          className="rounded-2xl border border-hairline bg-white p-5"
        >
          <h2 id="can-heading" className="text-xl font-bold">
            {msg.canReturnHeading}
          </h2>
          <ul className="mt-3 space-y-2">
            {msg.canReturn.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <CheckCircle2
                  size={18}
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-success"
                />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="cannot-heading"
          className="rounded-2xl border border-hairline bg-white p-5"
        >
          <h2 id="cannot-heading" className="text-xl font-bold">
            {msg.cannotReturnHeading}
          </h2>
          <ul className="mt-3 space-y-2">
            {msg.cannotReturn.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <XCircle size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-danger" />
                {item}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="how-heading" className="mt-12">
        <h2 id="how-heading" className="flex items-center gap-2 text-2xl font-bold">
          <RotateCcw size={22} aria-hidden="true" className="text-accent" />
          {msg.howToReturnHeading}
        </h2>
        <ol className="mt-4 list-decimal space-y-3 pl-6">
          <li>{msg.howToReturnTell(email)}</li>
          <li>{msg.howToReturnBring(PICKUP_LOCATIONS[0], PICKUP_LOCATIONS[1])}</li>
          <li>{msg.howToReturnCheck}</li>
        </ol>
      </section>

      <section aria-labelledby="refund-heading" className="mt-12">
        <h2 id="refund-heading" className="text-2xl font-bold">
          {msg.refundsHeading}
        </h2>
        <ul className="mt-4 space-y-3 text-muted">
          {msg.refundsRules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/delivery" className="btn border border-ink bg-white">
          {msg.deliveryFeesAndTimes}
        </Link>
        <Link to="/contact" className="btn border border-ink bg-white">
          {msg.contactAboutReturn}
        </Link>
      </div>
    </main>
  );
}

import CheckCircle2 from "lucide-react/icons/circle-check";
import XCircle from "lucide-react/icons/circle-x";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { Link } from "react-router";
import { PICKUP_LOCATIONS } from "~/modules/checkout/delivery";
import { useShopConfig } from "~/root";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: "Returns",
    description:
      "A 30-day return policy: exchange a size or get your money back to M-Pesa or your card.",
    path: "/returns",
  });

const CAN_RETURN = [
  "Pieces that are unworn and unwashed, with their tags on",
  "A size that does not fit: we exchange it for another size",
  "A faulty piece, or one that is not what you ordered",
];

const CANNOT_RETURN = [
  "Pieces we altered or made to your measurements",
  "Earrings, for hygiene",
  "Pieces that have been worn, washed or perfumed",
];

export default function Returns() {
  const { email } = useShopConfig();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-10 pb-6 sm:px-6">
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">Returns</p>
      <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">30-day return policy</h1>
      <p className="mt-4 text-lg text-muted">
        If a piece is not right, you have 30 days from the day you receive your order to return it.
        Exchange it for another size, or get your money back to the M-Pesa number or card you paid
        with.
      </p>

      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        <section
          aria-labelledby="can-heading"
          className="rounded-2xl border border-hairline bg-white p-5"
        >
          <h2 id="can-heading" className="text-xl font-bold">
            What you can return
          </h2>
          <ul className="mt-3 space-y-2">
            {CAN_RETURN.map((item) => (
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
            What we cannot take back
          </h2>
          <ul className="mt-3 space-y-2">
            {CANNOT_RETURN.map((item) => (
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
          How to return a piece
        </h2>
        <ol className="mt-4 list-decimal space-y-3 pl-6">
          <li>
            Tell us on WhatsApp or by email ({email}) within 30 days of receiving your order: your
            order number, the piece, and whether you want another size or your money back.
          </li>
          <li>
            {`Bring the piece to one of our pickup points (${PICKUP_LOCATIONS[0]}, or ${PICKUP_LOCATIONS[1]}), or send it to us by matatu parcel to Nairobi.`}
          </li>
          <li>We check it within 2 working days of receiving it and tell you what happens next.</li>
        </ol>
      </section>

      <section aria-labelledby="refund-heading" className="mt-12">
        <h2 id="refund-heading" className="text-2xl font-bold">
          Refunds and exchanges
        </h2>
        <ul className="mt-4 space-y-3 text-muted">
          <li>
            Refunds go back to the M-Pesa number or card you paid with, within 7 working days of our
            check.
          </li>
          <li>
            For an exchange we send the new size the way you first chose, and you pay no delivery
            fee a second time.
          </li>
          <li>
            You pay for sending a return yourself, unless the piece was faulty or not what you
            ordered: then we refund that cost and the original delivery fee too.
          </li>
        </ul>
      </section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/delivery" className="btn border border-ink bg-white">
          Delivery fees and times
        </Link>
        <Link to="/contact" className="btn border border-ink bg-white">
          Contact us about a return
        </Link>
      </div>
    </main>
  );
}

import Bike from "lucide-react/icons/bike";
import Bus from "lucide-react/icons/bus";
import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import Store from "lucide-react/icons/store";
import Truck from "lucide-react/icons/truck";
import { Link } from "react-router";
import { DELIVERY_METHODS } from "~/modules/checkout/delivery";
import { PICKUP_BRING, PICKUP_POINTS } from "~/modules/checkout/pickup-points";
import { useShopConfig } from "~/root";
import { formatKsh } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: "Delivery",
    description:
      "Pickup in Nairobi CBD or Ngong, matatu parcels to towns across Kenya, and riders to your door in Nairobi: fees, areas and times.",
    path: "/delivery",
  });

const fee = (id: (typeof DELIVERY_METHODS)[number]["id"]) => {
  const amount = DELIVERY_METHODS.find((m) => m.id === id)?.fee ?? 0;
  return amount === 0 ? "Free" : formatKsh(amount);
};

const RIDER_AREAS = [
  "Nairobi CBD",
  "Westlands and Parklands",
  "Kilimani, Kileleshwa and Lavington",
  "Upper Hill and Hurlingham",
  "South B, South C and Industrial Area",
  "Lang'ata, Karen and Ngong",
  "Embakasi, Donholm and Umoja",
  "Kasarani, Roysambu and Thika Road up to Ruiru",
  "Ruaka, Rongai, Kitengela and Syokimau",
];

const MATATU_TOWNS = [
  "Nakuru",
  "Naivasha",
  "Eldoret",
  "Kisumu",
  "Kakamega",
  "Kisii",
  "Kericho",
  "Nyeri",
  "Nanyuki",
  "Meru",
  "Embu",
  "Machakos",
  "Thika",
  "Mombasa",
  "Malindi",
];

export default function Delivery() {
  const { freeDeliveryOver } = useShopConfig();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-10 pb-6 sm:px-6">
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">Delivery</p>
      <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">How your order reaches you</h1>
      <p className="mt-4 text-lg text-muted">
        We pack every order in Nairobi and send it the way you choose at checkout: collect it from
        one of our pickup points, receive it by matatu parcel in your town, or have a rider bring it
        to your door. You pay for delivery together with your order, by M-Pesa or card.
      </p>
      {freeDeliveryOver > 0 ? (
        <p
          className="mt-6 flex items-start gap-3 rounded-2xl bg-gold-soft px-5 py-4 font-semibold"
          data-testid="free-delivery-offer"
        >
          <Truck size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-gold" />
          {`Delivery is free on every order of ${formatKsh(freeDeliveryOver)} or more, whichever way you choose.`}
        </p>
      ) : null}

      <section aria-labelledby="fees-heading" className="mt-12">
        <h2 id="fees-heading" className="text-2xl font-bold">
          Fees and times
        </h2>
        <div className="mt-4 overflow-hidden rounded-2xl border border-hairline bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Delivery methods with their fees and times</caption>
            <thead className="bg-sand">
              <tr>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  Method
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  Fee
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  When it reaches you
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-hairline">
              <tr>
                <th scope="row" className="px-3 py-3 font-semibold sm:px-4">
                  Pickup
                </th>
                <td className="px-3 py-3 whitespace-nowrap tabular sm:px-4">{fee("pickup")}</td>
                <td className="px-3 py-3 sm:px-4">
                  Ready the next working day after you pay. We call or text you when it is.
                </td>
              </tr>
              <tr>
                <th scope="row" className="px-3 py-3 font-semibold sm:px-4">
                  Matatu parcel
                </th>
                <td className="px-3 py-3 whitespace-nowrap tabular sm:px-4">{fee("matatu")}</td>
                <td className="px-3 py-3 sm:px-4">
                  At the sacco office in your town in 1 to 3 working days.
                </td>
              </tr>
              <tr>
                <th scope="row" className="px-3 py-3 font-semibold sm:px-4">
                  Rider (boda boda)
                </th>
                <td className="px-3 py-3 whitespace-nowrap tabular sm:px-4">{fee("rider")}</td>
                <td className="px-3 py-3 sm:px-4">
                  The same day when you pay before 1 pm, Monday to Saturday; otherwise the next
                  working day.
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="mt-3 flex items-start gap-2 text-sm text-muted">
          <Clock size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
          We pack orders Monday to Saturday. An order paid on a Sunday or a public holiday leaves on
          the next working day.
        </p>
      </section>

      <section aria-labelledby="pickup-heading" className="mt-12">
        <h2 id="pickup-heading" className="flex items-center gap-2 text-2xl font-bold">
          <Store size={22} aria-hidden="true" className="text-accent" />
          Pickup points
        </h2>
        <p className="mt-2 text-muted">{PICKUP_BRING}</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {PICKUP_POINTS.map((point) => (
            <li key={point.name} className="rounded-2xl border border-hairline bg-white p-5">
              <h3 className="flex items-start gap-2 font-semibold">
                <MapPin size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-accent" />
                {point.name}
              </h3>
              <p className="mt-2 text-sm text-muted">{point.where}</p>
              <p className="mt-1 text-sm">{point.hours}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="matatu-heading" className="mt-12">
        <h2 id="matatu-heading" className="flex items-center gap-2 text-2xl font-bold">
          <Bus size={22} aria-hidden="true" className="text-accent" />
          Matatu parcels across Kenya
        </h2>
        <p className="mt-2 text-muted">
          We hand your parcel to a registered sacco in Nairobi and send you its parcel number. You
          collect it at the sacco's office in your town with your ID. We send to every town a sacco
          serves from Nairobi, among them:
        </p>
        <ul className="mt-4 flex flex-wrap gap-2">
          {MATATU_TOWNS.map((town) => (
            <li
              key={town}
              className="rounded-full border border-hairline bg-white px-3 py-1 text-sm"
            >
              {town}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rider-heading" className="mt-12">
        <h2 id="rider-heading" className="flex items-center gap-2 text-2xl font-bold">
          <Bike size={22} aria-hidden="true" className="text-accent" />
          Riders in Nairobi and nearby
        </h2>
        <p className="mt-2 text-muted">
          A rider calls you before arriving and hands the parcel to you at the address you give at
          checkout. Riders go to:
        </p>
        <ul className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {RIDER_AREAS.map((area) => (
            <li key={area} className="flex min-h-8 items-center gap-2">
              <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-accent" />
              {area}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">
          Further out? Choose a matatu parcel, or ask us on WhatsApp before you order.
        </p>
      </section>

      <section aria-labelledby="beyond-heading" className="mt-12">
        <h2 id="beyond-heading" className="text-2xl font-bold">
          Outside Kenya
        </h2>
        <p className="mt-2 text-muted">
          For now we deliver within Kenya only. Delivery to other African countries is coming soon.
        </p>
      </section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/returns" className="btn border border-ink bg-white">
          Our return policy
        </Link>
        <Link to="/contact" className="btn border border-ink bg-white">
          Ask us a question
        </Link>
      </div>
    </main>
  );
}

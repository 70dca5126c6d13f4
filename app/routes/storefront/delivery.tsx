import Bike from "lucide-react/icons/bike";
import Bus from "lucide-react/icons/bus";
import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import Store from "lucide-react/icons/store";
import Truck from "lucide-react/icons/truck";
import { Link } from "react-router";
import { msg } from "~/i18n/messages";
import { DELIVERY_METHODS } from "~/modules/checkout/delivery";
import { pickupPoints } from "~/modules/checkout/pickup-points";
import { useShopConfig } from "~/root";
import { formatKsh } from "~/terms/money";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: msg.deliveryTitle,
    description: msg.deliveryDescription,
    path: "/delivery",
  });

const fee = (id: (typeof DELIVERY_METHODS)[number]["id"]) => {
  const amount = DELIVERY_METHODS.find((m) => m.id === id)?.fee ?? 0;
  return amount === 0 ? msg.free : formatKsh(amount);
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
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">
        {msg.deliveryTitle}
      </p>
      <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">{msg.deliveryHeading}</h1>
      <p className="mt-4 text-lg text-muted">{msg.deliveryIntro}</p>
      {freeDeliveryOver > 0 ? (
        <p
          className="mt-6 flex items-start gap-3 rounded-2xl bg-gold-soft px-5 py-4 font-semibold"
          data-testid="free-delivery-offer"
        >
          <Truck size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-gold" />
          {msg.deliveryFreeOver(formatKsh(freeDeliveryOver))}
        </p>
      ) : null}

      <section aria-labelledby="fees-heading" className="mt-12">
        <h2 id="fees-heading" className="text-2xl font-bold">
          {msg.deliveryFeesHeading}
        </h2>
        <div className="mt-4 overflow-hidden rounded-2xl border border-hairline bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{msg.deliveryTableCaption}</caption>
            <thead className="bg-sand">
              <tr>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  {msg.deliveryMethod}
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  {msg.deliveryFee}
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  {msg.deliveryWhen}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-hairline">
              {DELIVERY_METHODS.map(({ id }) => (
                <tr key={id}>
                  <th scope="row" className="px-3 py-3 font-semibold sm:px-4">
                    {msg.deliveryMethods[id]}
                  </th>
                  <td className="px-3 py-3 whitespace-nowrap tabular sm:px-4">{fee(id)}</td>
                  <td className="px-3 py-3 sm:px-4">{msg.deliveryWhenByMethod[id]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 flex items-start gap-2 text-sm text-muted">
          <Clock size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
          {msg.deliveryPackingDays}
        </p>
      </section>

      <section aria-labelledby="pickup-heading" className="mt-12">
        <h2 id="pickup-heading" className="flex items-center gap-2 text-2xl font-bold">
          <Store size={22} aria-hidden="true" className="text-accent" />
          {msg.pickupPointsHeading}
        </h2>
        <p className="mt-2 text-muted">{msg.pickupBring}</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {pickupPoints().map((point) => (
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
          {msg.matatuHeading}
        </h2>
        <p className="mt-2 text-muted">{msg.matatuText}</p>
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
          {msg.riderHeading}
        </h2>
        <p className="mt-2 text-muted">{msg.riderText}</p>
        <ul className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {RIDER_AREAS.map((area) => (
            <li key={area} className="flex min-h-8 items-center gap-2">
              <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-accent" />
              {area}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted">{msg.riderFurther}</p>
      </section>

      <section aria-labelledby="beyond-heading" className="mt-12">
        <h2 id="beyond-heading" className="text-2xl font-bold">
          {msg.outsideKenyaHeading}
        </h2>
        <p className="mt-2 text-muted">{msg.outsideKenyaText}</p>
      </section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/returns" className="btn border border-ink bg-white">
          {msg.ourReturnPolicy}
        </Link>
        <Link to="/contact" className="btn border border-ink bg-white">
          {msg.askUsAQuestion}
        </Link>
      </div>
    </main>
  );
}

import Heart from "lucide-react/icons/heart";
import Palette from "lucide-react/icons/palette";
import Scissors from "lucide-react/icons/scissors";
import Sparkles from "lucide-react/icons/sparkles";
import { Link } from "react-router";
import { FeatureCard } from "~/components/FeatureCard";
import { useNavCategories } from "~/components/shell/categories-context";
import { useShopConfig } from "~/root";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: "Our story",
    description:
      "A Kenyan fashion house for women and the whole family: authentic prints, tailored with love in Nairobi.",
    path: "/about",
  });

const VALUES = [
  {
    Icon: Palette,
    title: "Authentic Prints",
    text: "Real wax prints, kitenge and kikoi, chosen bolt by bolt from the traders of Gikomba and Biashara Street.",
  },
  {
    Icon: Scissors,
    title: "Tailored With Love",
    text: "Every piece is cut and sewn by our tailors in Nairobi, with finished seams and real pockets.",
  },
  {
    Icon: Sparkles,
    title: "Inspired by Culture",
    text: "From Masaai shukas to Ghanaian kente, we celebrate the stories that each motif carries.",
  },
  {
    Icon: Heart,
    title: "Made for Every Woman",
    text: "Sizes S to XXL, cuts for every shape, and matching pieces for the whole family.",
  },
];

export default function About() {
  const { shopName } = useShopConfig();
  const collections = useNavCategories().filter((c) => c.id !== "all");
  return (
    <main id="main">
      <section className="mx-auto max-w-3xl px-6 pt-14 pb-6 text-center">
        <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">Our story</p>
        <h1 className="mt-3 text-4xl font-extrabold sm:text-5xl">
          Founded in Kenya, made for the whole family
        </h1>
        <div className="mt-6 space-y-4 text-left text-lg text-muted">
          <p>
            {shopName} began with one sewing machine and a stack of kitenge in a small room in
            Nairobi. Friends asked where our dresses came from; then their friends did. Today our
            tailors make dresses, kimonos, jumpsuits and shukas for women across Kenya, and for
            their husbands and children too.
          </p>
          <p>
            We believe African print is not a costume for special days: it is everyday joy. So we
            design for the office, the church, the wedding and the weekend, with fabrics that keep
            their colour and cuts that flatter every body.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
        <h2 id="values-heading" className="text-center text-2xl font-bold sm:text-3xl">
          What we stand for
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="collections-heading"
        className="mx-auto max-w-7xl px-4 pt-14 sm:px-6"
      >
        <h2 id="collections-heading" className="text-2xl font-bold sm:text-3xl">
          Our collections
        </h2>
        <ul className="mt-6 flex flex-wrap gap-2">
          {collections.map((c) => (
            <li key={c.id}>
              <Link
                to={c.href}
                className="inline-flex min-h-11 items-center rounded-full border border-hairline bg-white px-4 font-medium hover:border-accent hover:text-accent"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

import Heart from "lucide-react/icons/heart";
import Palette from "lucide-react/icons/palette";
import Scissors from "lucide-react/icons/scissors";
import Sparkles from "lucide-react/icons/sparkles";
import { Link } from "react-router";
import { FeatureCard } from "~/components/FeatureCard";
import { useNavCategories } from "~/components/shell/categories-context";
import { msg } from "~/i18n/messages";
import { useShopConfig } from "~/root";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: msg.aboutTitle,
    description: msg.aboutDescription,
    path: "/about",
  });

const ICONS = [Palette, Scissors, Sparkles, Heart];

export default function About() {
  const { shopName } = useShopConfig();
  const collections = useNavCategories().filter((c) => c.id !== "all");
  return (
    <main id="main">
      <section className="mx-auto max-w-3xl px-6 pt-14 pb-6 text-center">
        <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">
          {msg.aboutTitle}
        </p>
        <h1 className="mt-3 text-4xl font-extrabold sm:text-5xl">{msg.aboutHeading}</h1>
        <div className="mt-6 space-y-4 text-left text-lg text-muted">
          <p>{msg.aboutStory(shopName)}</p>
          <p>{msg.aboutBelief}</p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
        <h2 id="values-heading" className="text-center text-2xl font-bold sm:text-3xl">
          {msg.aboutValuesHeading}
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {msg.aboutValues.map((value, i) => (
            <FeatureCard key={value.title} Icon={ICONS[i]!} {...value} />
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="collections-heading"
        className="mx-auto max-w-7xl px-4 pt-14 sm:px-6"
      >
        <h2 id="collections-heading" className="text-2xl font-bold sm:text-3xl">
          {msg.aboutCollections}
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

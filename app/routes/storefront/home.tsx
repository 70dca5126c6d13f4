import ArrowRight from "lucide-react/icons/arrow-right";
import Palette from "lucide-react/icons/palette";
import Scissors from "lucide-react/icons/scissors";
import Sparkles from "lucide-react/icons/sparkles";
import { preload } from "react-dom";
import { Link } from "react-router";
import { FeatureCard } from "~/components/FeatureCard";
import { ProductCard } from "~/components/ProductCard";
import { ProductImage } from "~/components/ProductImage";
import { orUnavailable } from "~/db/unavailable.server";
import { languageOffer } from "~/i18n/language-offer.server";
import { msg } from "~/i18n/messages";
import { categoryCovers, featuredProducts } from "~/modules/catalog/products.server";
import { HERO_WIDTHS, heroUrl } from "~/modules/media/brand.server";
import { servicesContext } from "~/services.server";
import { categoryHref, categoryLabel, categoryName, HOME_CATEGORIES } from "~/terms/categories";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const offer = languageOffer(request);
  return orUnavailable(async () => {
    const [featured, covers] = await Promise.all([
      featuredProducts(db),
      categoryCovers(db, HOME_CATEGORIES),
    ]);
    return {
      offer,
      featured,
      covers: covers.map((c) => ({ ...c, name: categoryName(c.id), href: categoryHref(c.id) })),
      hero: {
        src: heroUrl(HERO_WIDTHS[0]),
        large: heroUrl(HERO_WIDTHS[1]),
        srcSet: HERO_WIDTHS.map((w) => `${heroUrl(w)} ${w}w`).join(", "),
      },
    };
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const config = matches[0]?.loaderData?.config;
  return pageMeta({
    config,
    title: msg.homeTitle,
    description: msg.homeDescription(config?.shopName),
    path: "/",
    image: loaderData?.hero.large,
  });
};

const features = () => [
  { Icon: Palette, title: msg.featureFabricsTitle, text: msg.featureFabricsText },
  { Icon: Sparkles, title: msg.featureHeritageTitle, text: msg.featureHeritageText },
  { Icon: Scissors, title: msg.featureDesignsTitle, text: msg.featureDesignsText },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { offer, featured, covers, hero } = loaderData;
  // The hero is the page's largest image: asked for from the head, before the scripts.
  preload(hero.src, {
    as: "image",
    imageSrcSet: hero.srcSet,
    imageSizes: "100vw",
    fetchPriority: "high",
  });
  return (
    <main id="main">
      {offer && (
        <p lang={offer.language} className="bg-gold-soft px-4 py-2 text-center text-sm text-ink">
          {offer.text}{" "}
          <a href={offer.href} hrefLang={offer.language} className="font-semibold underline">
            {offer.action}
          </a>
        </p>
      )}
      <section className="relative isolate overflow-hidden bg-indigo-band text-paper">
        <img
          src={hero.src}
          srcSet={hero.srcSet}
          sizes="100vw"
          width={1600}
          height={1000}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink/90 via-ink/75 to-ink/40" />
        <div className="mx-auto flex min-h-[30rem] max-w-7xl flex-col justify-center px-6 py-20 sm:min-h-[34rem]">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-soft uppercase">
            {msg.heroKicker}
          </p>
          <h1 className="mt-4 max-w-2xl text-4xl leading-[1.05] font-extrabold sm:text-6xl">
            {msg.heroTitle}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-paper/85">{msg.heroText}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/shop" className="btn btn-primary">
              {msg.heroShop}
              <ArrowRight size={18} aria-hidden="true" />
            </Link>
            <Link to="/about" className="btn btn-secondary">
              {msg.heroStory}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-2xl font-bold sm:text-3xl">
              {msg.featuredTitle}
            </h2>
            <p className="mt-1 text-muted">{msg.featuredText}</p>
          </div>
          <Link
            to="/shop"
            className="hidden shrink-0 font-semibold text-accent hover:underline sm:inline"
          >
            {msg.viewAll}
          </Link>
        </div>
        {featured.length ? (
          <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4">
            {featured.map((product, i) => (
              <li key={product.id} className={i >= 4 ? "render-when-near" : undefined}>
                <ProductCard
                  {...product}
                  categoryLabel={categoryLabel(product.category)}
                  priority={i < 2}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 rounded-xl bg-sand p-8 text-center text-muted">{msg.noFeatured}</p>
        )}
      </section>

      {covers.length ? (
        <section
          aria-labelledby="categories-heading"
          className="render-when-near mx-auto max-w-7xl px-4 pt-16 sm:px-6"
        >
          <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
            {msg.shopByCategory}
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3">
            {covers.map((cover) => (
              <li key={cover.id}>
                <Link
                  to={cover.href}
                  className="group relative block overflow-hidden rounded-xl bg-sand"
                  data-testid="category-tile"
                >
                  <ProductImage
                    image={cover.image}
                    alt=""
                    productName={cover.name}
                    sizes="(min-width: 768px) 33vw, calc(50vw - 1.5rem)"
                    className="transition-transform duration-500 group-hover:scale-[1.04]"
                  />
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/85 to-transparent px-4 pt-10 pb-4 text-lg font-semibold text-white">
                    {cover.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section
        aria-label={msg.whyShopWithUs}
        className="render-when-near mx-auto max-w-7xl px-4 pt-16 sm:px-6"
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {features().map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </ul>
      </section>
    </main>
  );
}

export { keepPageOnCartChange as shouldRevalidate } from "~/components/cart/keep-page-on-cart-change";

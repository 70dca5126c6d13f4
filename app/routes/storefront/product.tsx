import ArrowLeft from "lucide-react/icons/arrow-left";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Truck from "lucide-react/icons/truck";
import { Suspense, useState } from "react";
import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { useCartFetcher } from "~/components/cart/use-cart-fetcher";
import { ErrorPage, errorPageFor } from "~/components/ErrorPage";
import { PriceTag, SaleBadge } from "~/components/PriceTag";
import { ProductCard } from "~/components/ProductCard";
import { Gallery } from "~/components/product/Gallery";
import { Tabs } from "~/components/product/Tabs";
import { orUnavailable } from "~/db/unavailable.server";
import { msg } from "~/i18n/messages";
import { backToShopHref } from "~/modules/catalog/back-to-shop";
import { productJsonLd } from "~/modules/catalog/product-json-ld.server";
import { productPage } from "~/modules/catalog/products.server";
import { saleEndsText } from "~/modules/catalog/sale";
import { whatsappLink } from "~/modules/contact/contact-message";
import { askBackInStock } from "~/modules/inventory/stock-alert-form";
import { servicesContext } from "~/services.server";
import { categoryHref, categoryLabel } from "~/terms/categories";
import { formatKsh } from "~/terms/money";
import { imageUrl } from "~/utils/image-urls";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/product";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database, settings } = context.get(servicesContext);
  const { product, related } = await orUnavailable(() => productPage(database, params.id));
  if (!product) throw data({ reason: "product not found" }, { status: 404 });
  const tab =
    new URL(request.url).searchParams.get("tab") === "details" ? "details" : "description";
  const publicUrl = settings.PUBLIC_URL;
  // The listing the shopper came from (the page that linked here), for 'Back to Shop'.
  const backTo = backToShopHref(request.headers.get("Referer"), [
    new URL(request.url).origin,
    new URL(publicUrl).origin,
  ]);
  return {
    product,
    related,
    tab,
    backTo,
    jsonLd: productJsonLd(product, publicUrl),
    // Worded here: the page's script then carries no date formatting.
    saleEnds: product.onSale && product.saleEndsAt ? saleEndsText(product.saleEndsAt) : null,
    // Sold out: the shop's WhatsApp, asked whether it comes back, with the product's own address.
    askWhatsapp: product.stock.soldOut
      ? whatsappLink(
          settings.SHOP_WHATSAPP,
          askBackInStock(product.name, "", `${publicUrl}/product/${product.id}`),
        )
      : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const config = matches[0]?.loaderData?.config;
  const product = loaderData?.product;
  // No product: the error boundary renders its own title and robots tag.
  if (!product) return [];
  return pageMeta({
    config,
    title: product.name,
    description: product.description.slice(0, 160),
    path: `/product/${product.id}`,
    image: product.images[0] ? imageUrl(product.images[0], 960) : undefined,
    type: "product",
  });
};

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product, related, tab, jsonLd } = loaderData;
  // Kept from the first product seen: 'You Might Also Like' leads on without losing the listing.
  const [backTo] = useState(loaderData.backTo);
  const freeDeliveryOver = matches[0]?.loaderData?.config.freeDeliveryOver ?? 0;
  const addToCart = useCartFetcher();

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-6 pb-28 sm:px-6 md:pb-8">
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (productJsonLd).
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <Link
        to={backTo}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-medium hover:text-accent"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {msg.backToShop}
      </Link>

      <div className="mt-2 grid gap-8 md:grid-cols-2 lg:gap-14">
        <Suspense>
          <Gallery images={product.images} name={product.name} />
        </Suspense>

        <Suspense>
          <div>
            <Link
              to={categoryHref(product.category)}
              className="inline-flex min-h-11 items-center text-xs font-semibold tracking-widest text-muted uppercase hover:text-accent"
            >
              {categoryLabel(product.category)}
            </Link>
            <h1 className="mt-2 text-3xl leading-tight font-bold sm:text-4xl">{product.name}</h1>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <PriceTag
                price={product.price}
                wasPrice={product.wasPrice}
                className="gap-x-3 text-2xl"
                wasClassName="text-lg font-normal"
              />
              {product.onSale ? <SaleBadge /> : null}
            </div>
            {loaderData.saleEnds ? (
              <p className="mt-1 text-sm text-muted">{loaderData.saleEnds}</p>
            ) : null}

            <Form
              method="post"
              action="/cart"
              className="mt-6"
              id="add-to-cart"
              onSubmit={(event) => {
                event.preventDefault();
                addToCart.submit(event.currentTarget);
              }}
            >
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="returnTo" value={`/product/${product.id}`} />
              <input type="hidden" name="productId" value={product.id} />
              <input type="hidden" name="quantity" value="1" />
              {/* One size (e.g. 'One Size') is no choice: it goes with the form, and the page says it. */}
              {product.sizes.length === 1 ? (
                <>
                  <input type="hidden" name="size" value={product.sizes[0]} />
                  <p className="text-sm">{msg.sizeIs(product.sizes[0]!)}</p>
                </>
              ) : null}
              {product.sizes.length > 1 ? (
                <fieldset>
                  <legend className="text-sm font-semibold">{msg.size}</legend>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {product.stock.sizes.map(({ size, left, soldOut, low }, i) => (
                      <div key={size} className="flex flex-col items-center">
                        <label className={soldOut ? "cursor-not-allowed" : "cursor-pointer"}>
                          <input
                            type="radio"
                            name="size"
                            value={size}
                            required
                            disabled={soldOut}
                            aria-describedby={low ? `size-left-${i}` : undefined}
                            className="peer sr-only"
                          />
                          <span
                            className={`inline-flex min-h-11 min-w-12 items-center justify-center rounded-full border px-4 text-sm font-medium peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ${soldOut ? "border-dashed border-hairline bg-stone-100 text-muted line-through" : "border-hairline bg-white"}`}
                          >
                            {size}
                            {soldOut ? <span className="sr-only"> {msg.soldOutAside}</span> : null}
                          </span>
                        </label>
                        {low ? (
                          <span
                            id={`size-left-${i}`}
                            className="mt-1 text-xs font-medium text-danger"
                          >
                            {msg.onlyLeft(left ?? 0)}
                          </span>
                        ) : null}
                      </div>
                    ))}
                  </div>
                </fieldset>
              ) : product.stock.sizes[0]?.low ? (
                <p className="text-sm font-medium text-danger">
                  {msg.onlyLeft(product.stock.sizes[0].left ?? 0)}
                </p>
              ) : null}
              <div
                data-sticky-bottom
                className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-hairline bg-paper/95 px-4 py-3 backdrop-blur md:static md:mt-6 md:border-0 md:bg-transparent md:p-0"
              >
                <span className="font-semibold whitespace-nowrap tabular md:hidden">
                  {formatKsh(product.price)}
                </span>
                {product.stock.soldOut ? (
                  <button
                    type="button"
                    disabled
                    className="btn flex-1 cursor-not-allowed border border-hairline bg-stone-100 text-muted md:flex-none md:px-10"
                  >
                    {msg.soldOut}
                  </button>
                ) : (
                  <button
                    type="submit"
                    disabled={addToCart.busy}
                    className="btn btn-primary flex-1 md:flex-none md:px-10"
                  >
                    <ShoppingBag size={18} aria-hidden="true" />
                    {msg.addToCart}
                  </button>
                )}
              </div>
            </Form>
            {loaderData.askWhatsapp ? (
              <div className="mt-4 flex flex-wrap gap-3">
                <Link to={`/product/${product.id}/back-in-stock`} className="btn btn-primary">
                  {msg.tellMeWhenBack}
                </Link>
                <a
                  href={loaderData.askWhatsapp}
                  className="btn border border-ink bg-white"
                  rel="noreferrer"
                >
                  {msg.askOnWhatsapp}
                </a>
              </div>
            ) : null}

            <ul className="mt-8 space-y-1 rounded-2xl border border-hairline bg-white px-5 py-3 text-sm">
              {freeDeliveryOver > 0 ? (
                <li>
                  <Link
                    to="/delivery"
                    className="flex min-h-11 items-center gap-3 underline decoration-ink/30 underline-offset-4 hover:text-accent hover:decoration-accent"
                  >
                    <Truck size={20} aria-hidden="true" className="shrink-0 text-accent" />
                    {msg.freeDeliveryFrom(formatKsh(freeDeliveryOver))}
                  </Link>
                </li>
              ) : null}
              <li>
                <Link
                  to="/returns"
                  className="flex min-h-11 items-center gap-3 underline decoration-ink/30 underline-offset-4 hover:text-accent hover:decoration-accent"
                >
                  <RotateCcw size={20} aria-hidden="true" className="shrink-0 text-accent" />
                  {msg.returnPolicy}
                </Link>
              </li>
            </ul>

            <div className="mt-8">
              <Tabs
                initial={tab}
                tabs={[
                  {
                    id: "description",
                    label: msg.tabDescription,
                    href: `/product/${product.id}`,
                    content: <p>{product.description}</p>,
                  },
                  {
                    id: "details",
                    label: msg.tabDetails,
                    href: `/product/${product.id}?tab=details`,
                    content: <p>{product.details || msg.noDetails}</p>,
                  },
                ]}
              />
            </div>
          </div>
        </Suspense>
      </div>

      {related.length ? (
        <section aria-labelledby="related-heading" className="render-when-near mt-16">
          <h2 id="related-heading" className="text-2xl font-bold">
            {msg.youMightAlsoLike}
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-4">
            {related.map((item) => (
              <li key={item.id}>
                <ProductCard {...item} categoryLabel={categoryLabel(item.category)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main
        id="main"
        className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center"
      >
        <title>{msg.productNotFound}</title>
        <meta name="robots" content="noindex" />
        <h1 className="text-3xl font-bold">{msg.productNotFound}</h1>
        <p className="mt-4 text-muted">{msg.productNotFoundText}</p>
        <Link to="/shop" className="btn btn-primary mt-8">
          {msg.returnToShop}
        </Link>
      </main>
    );
  }
  return <ErrorPage {...errorPageFor(error)} />;
}

export { keepPageOnCartChange as shouldRevalidate } from "~/components/cart/keep-page-on-cart-change";

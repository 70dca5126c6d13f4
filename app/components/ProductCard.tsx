import { Suspense } from "react";
import { Link } from "react-router";
import { msg } from "~/i18n/messages";
import { ProductCardAddButton } from "./cart/ProductCardAddButton";
import { PriceTag, SaleBadge } from "./PriceTag";
import { ProductImage } from "./ProductImage";

export type ProductCardProps = {
  id: string;
  name: string;
  /** The category as the card shows it (hyphens as spaces). */
  categoryLabel: string;
  /** The price a shopper pays now, and the one struck through beside it. */
  price: number;
  wasPrice: number | null;
  /** A sale runs: the 'Sale' badge. */
  onSale?: boolean;
  image: string | null;
  isFeatured: boolean;
  /** The sizes it comes in: the add button asks for one first. */
  sizes: string[];
  /** Sizes at 0 pieces: offered disabled in the size picker. */
  soldOutSizes?: string[];
  /** Sold out in every size: a 'Sold out' badge instead of the add button. */
  soldOut?: boolean;
  priority?: boolean;
};

// On a phone a card is half the page less its margins and the gap between the two columns
// ((100vw - 3rem) / 2): a 412 px screen at 1.75x then takes the 320 px photo, not the 640 px one.
const IMAGE_SIZES = "(min-width: 1280px) 300px, (min-width: 768px) 30vw, calc(50vw - 1.5rem)";

/**
 * A card hydrates on its own (a Suspense boundary of its own): a page of 24 cards becomes 24
 * short tasks rather than one long one, so a tap is never kept waiting by the whole list.
 */
export function ProductCard(props: ProductCardProps) {
  return (
    <Suspense>
      <Card {...props} />
    </Suspense>
  );
}

function Card(props: ProductCardProps) {
  const { id, name, categoryLabel, image, isFeatured, sizes, priority } = props;
  const { soldOut, soldOutSizes, onSale } = props;
  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <div className="relative">
        <Link
          to={`/product/${id}`}
          tabIndex={-1}
          aria-hidden="true"
          className="block overflow-hidden rounded-xl bg-sand"
        >
          <ProductImage
            image={image}
            alt=""
            productName={name}
            sizes={IMAGE_SIZES}
            priority={priority}
            className="transition-transform duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        {isFeatured ? (
          <span className="absolute top-2 left-2 rounded-full bg-gold-soft px-2.5 py-1 text-xs font-semibold text-gold">
            {msg.featuredBadge}
          </span>
        ) : null}
        {onSale ? <SaleBadge className="absolute top-2 right-2" /> : null}
        {soldOut ? (
          <span className="absolute right-2 bottom-2 rounded-full bg-ink px-2.5 py-1 text-xs font-semibold text-paper">
            {msg.soldOut}
          </span>
        ) : (
          <div className="absolute right-2 bottom-2 z-10">
            <ProductCardAddButton
              productId={id}
              name={name}
              sizes={sizes}
              soldOutSizes={soldOutSizes}
            />
          </div>
        )}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1 px-0.5">
        <p className="text-xs font-medium tracking-wider text-muted uppercase">{categoryLabel}</p>
        <h3 className="line-clamp-2 text-[0.95rem] leading-snug font-medium">
          <Link to={`/product/${id}`} className="after:absolute after:inset-0 hover:text-accent">
            {name}
          </Link>
        </h3>
        <PriceTag
          price={props.price}
          wasPrice={props.wasPrice}
          className="mt-auto pt-1"
          wasClassName="text-sm"
        />
      </div>
    </article>
  );
}

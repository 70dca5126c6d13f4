import { useRef, useState } from "react";
import { msg } from "~/i18n/messages";
import { IMAGE_WIDTHS, imageHeight, imageUrl } from "~/utils/image-urls";
import { ProductImage } from "../ProductImage";

type Props = { images: string[]; name: string };

const SIZES = "(min-width: 1024px) 560px, 100vw";

/**
 * Product photos in a horizontal scroll-snap strip: swipe on phones, thumbnails below. Each
 * thumbnail is a link to its photo's anchor, so it works before JavaScript; with it, the strip
 * scrolls smoothly and the current thumbnail is marked.
 */
export function Gallery({ images, name }: Props) {
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);

  if (images.length === 0) {
    return (
      <ProductImage
        image={null}
        alt={name}
        productName={name}
        sizes={SIZES}
        className="rounded-2xl"
      />
    );
  }

  const show = (index: number) => {
    const list = strip.current;
    const item = list?.children[index] as HTMLElement | undefined;
    if (!list || !item) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollTo({
      left: item.offsetLeft - list.offsetLeft,
      behavior: reduce ? "auto" : "smooth",
    });
    setCurrent(index);
  };

  return (
    <div>
      <ul
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be reachable by keyboard.
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl bg-sand [scrollbar-width:none]"
        aria-label={msg.productPhotos(name)}
        onScroll={(event) => {
          const list = event.currentTarget;
          setCurrent(Math.round(list.scrollLeft / list.clientWidth));
        }}
      >
        {images.map((image, i) => (
          <li key={image} id={`photo-${i + 1}`} className="w-full shrink-0 snap-center">
            <ProductImage
              image={image}
              width={IMAGE_WIDTHS[2]}
              sizes={SIZES}
              alt={images.length > 1 ? `${name}, photo ${i + 1} of ${images.length}` : name}
              priority={i === 0}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-3" aria-label={msg.choosePhoto}>
          {images.map((image, i) => (
            <li key={image}>
              <a
                href={`#photo-${i + 1}`}
                aria-label={msg.showPhoto(i + 1, images.length)}
                aria-current={current === i ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  show(i);
                }}
                className={`block w-16 overflow-hidden rounded-lg border-2 sm:w-20 ${current === i ? "border-accent" : "border-transparent opacity-80 hover:opacity-100"}`}
              >
                <img
                  src={imageUrl(image, IMAGE_WIDTHS[0])}
                  width={IMAGE_WIDTHS[0]}
                  height={imageHeight(IMAGE_WIDTHS[0])}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/5] w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

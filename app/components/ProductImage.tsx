import ImageOff from "lucide-react/icons/image-off";
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { IMAGE_WIDTHS, imageHeight, imageSrcSet, imageUrl } from "~/utils/image-urls";

type Props = {
  /** The stored image's key, or null when the product has none. */
  image: string | null;
  alt: string;
  sizes: string;
  /** Above the fold: load at once with high priority; otherwise lazily. */
  priority?: boolean;
  className?: string;
  /** Named in the console warning when there is no image. */
  productName?: string;
  /** The width of the fallback `src`; browsers pick from the srcset by `sizes`. */
  width?: number;
};

/** A product image in the 4:5 frame, from the stored WebP widths, or a placeholder. */
export function ProductImage({
  image,
  alt,
  sizes,
  priority,
  className = "",
  productName,
  width = IMAGE_WIDTHS[1],
}: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // The page's largest image: asked for from the document's head, before its scripts.
  if (priority && image) {
    preload(imageUrl(image, width), {
      as: "image",
      imageSrcSet: imageSrcSet(image),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }

  useEffect(() => {
    if (!image)
      console.warn(`Product "${productName ?? alt}" has no image; showing a placeholder.`);
  }, [image, productName, alt]);

  // An image that failed before hydration fired its error event too early for React to see.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (!image || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex aspect-[4/5] w-full items-center justify-center bg-sand text-muted ${className}`}
      >
        <ImageOff size={32} aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={imageUrl(image, width)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      width={width}
      height={imageHeight(width)}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-[4/5] w-full object-cover ${className}`}
    />
  );
}

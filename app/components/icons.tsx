import type { SVGProps } from "react";

/**
 * The brand's mark, which the icon set does not carry; other icons come from lucide-react, and the
 * social networks' marks are drawn by the stylesheet (`mask-icon` in app.css).
 */
type IconProps = SVGProps<SVGSVGElement>;

/** The brand's mark: a kente diamond. */
export function BrandMark(props: IconProps) {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" {...props}>
      <path d="M16 2l14 14-14 14L2 16z" fill="#f2b705" />
      <path d="M16 8l8 8-8 8-8-8z" fill="#c2410c" />
      <path d="M16 13l3 3-3 3-3-3z" fill="#1e1b4b" />
    </svg>
  );
}

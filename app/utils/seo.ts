import type { MetaDescriptor } from "react-router";
import { msg } from "~/i18n/messages";
import { pathIn } from "./language";

type PageMeta = {
  /** The root loader's data, where the shop's name and public URL live. */
  config: { shopName: string; publicUrl: string } | undefined;
  title: string;
  description: string;
  /** The page's canonical path in English, e.g. `/shop?category=dresses`. */
  path: string;
  image?: string;
  type?: "website" | "product";
  noindex?: boolean;
};

/**
 * Title, description, canonical URL, the page in each language (`hreflang`, English the default)
 * and Open Graph tags for a page.
 */
export function pageMeta({
  config,
  title,
  description,
  path,
  image,
  type = "website",
  noindex,
}: PageMeta): MetaDescriptor[] {
  const shopName = config?.shopName ?? "";
  const base = config?.publicUrl ?? "";
  const english = `${base}${pathIn("en", path)}`;
  const kiswahili = `${base}${pathIn("sw", path)}`;
  const url = msg.pathPrefix ? kiswahili : english;
  const fullTitle = title ? `${title} | ${shopName}` : shopName;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: english },
    { tagName: "link", rel: "alternate", hrefLang: "sw", href: kiswahili },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: english },
    { property: "og:site_name", content: shopName },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image
      ? [{ property: "og:image", content: image.startsWith("http") ? image : `${base}${image}` }]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/**
 * The meta of a back-office page opened by a one-time link (a first owner's, a new password's):
 * not indexed, and the link is a key, never sent on to another site. Not "no-referrer": a form
 * posted without JavaScript would then say `Origin: null`, which the CSRF check refuses.
 */
export const oneTimeLinkMeta = (title: string) => [
  { title: `${title} | Back-office` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

import { Link } from "react-router";
import { BrandMark, FacebookIcon, InstagramIcon, TikTokIcon } from "../icons";
import { HELP_LINKS, MAIN_LINKS, type NavCategory } from "./nav";

type Props = {
  shopName: string;
  social: { instagramUrl?: string; facebookUrl?: string; tiktokUrl?: string };
  collections: NavCategory[];
};

export function SiteFooter({ shopName, social, collections }: Props) {
  const socialLinks = [
    { href: social.instagramUrl, label: "Instagram", Icon: InstagramIcon },
    { href: social.facebookUrl, label: "Facebook", Icon: FacebookIcon },
    { href: social.tiktokUrl, label: "TikTok", Icon: TikTokIcon },
  ].filter((link) => link.href);

  return (
    <footer id="site-footer" className="mt-20 bg-indigo-band text-paper">
      <div className="print-band" />
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_2fr]">
        <div>
          <p className="flex items-center gap-2 text-xl font-extrabold">
            <BrandMark />
            {shopName}
          </p>
          <p className="mt-4 max-w-xs text-sm text-paper/80">
            African-print fashion made in Kenya: kitenge, ankara and kente pieces for women and the
            whole family, cut and sewn in Nairobi.
          </p>
          <ul className="mt-6 flex gap-2">
            {socialLinks.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex size-11 items-center justify-center rounded-full border border-paper/25 hover:bg-paper/10"
                  aria-label={`${label} (opens in a new tab)`}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-widest uppercase">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-1">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-10 items-center text-paper/80 hover:text-paper"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="text-sm font-semibold tracking-widest uppercase">
            Help
          </h2>
          <ul className="mt-4 space-y-1">
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-10 items-center text-paper/80 hover:text-paper"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-collections">
          <h2 id="footer-collections" className="text-sm font-semibold tracking-widest uppercase">
            Collections
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1">
            {collections.map((c) => (
              <li key={c.id}>
                <Link
                  to={c.href}
                  className="inline-flex min-h-10 items-center text-paper/80 hover:text-paper"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-paper/15">
        <p className="mx-auto max-w-7xl px-6 py-6 text-sm text-paper/70">
          © 2024 {shopName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

import { Link } from "react-router";
import { msg } from "~/i18n/messages";
import { BrandMark } from "../icons";
import { LanguageSwitch } from "./LanguageSwitch";
import { helpLinks, mainLinks, type NavCategory } from "./nav";

type Props = {
  shopName: string;
  social: { instagramUrl?: string; facebookUrl?: string; tiktokUrl?: string };
  collections: NavCategory[];
};

export function SiteFooter({ shopName, social, collections }: Props) {
  const socialLinks = [
    { href: social.instagramUrl, label: "Instagram", icon: "mask-icon-instagram" },
    { href: social.facebookUrl, label: "Facebook", icon: "mask-icon-facebook" },
    { href: social.tiktokUrl, label: "TikTok", icon: "mask-icon-tiktok" },
  ].filter((link) => link.href);

  return (
    <footer id="site-footer" className="render-when-near mt-20 bg-indigo-band text-paper">
      <div className="print-band" />
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_2fr]">
        <div>
          <p className="flex items-center gap-2 text-xl font-extrabold">
            <BrandMark />
            {shopName}
          </p>
          <p className="mt-4 max-w-xs text-sm text-paper/80">{msg.footerAbout}</p>
          <ul className="mt-6 flex gap-2">
            {socialLinks.map(({ href, label, icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex size-11 items-center justify-center rounded-full border border-paper/25 hover:bg-paper/10"
                >
                  <span className={`mask-icon ${icon} size-5`} aria-hidden="true" />
                  <span className="sr-only">{msg.opensInNewTab(label)}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterLinks id="footer-quick-links" title={msg.footerQuickLinks} links={mainLinks()} />
        <FooterLinks id="footer-help" title={msg.footerHelp} links={helpLinks()} />
        <FooterLinks
          id="footer-collections"
          title={msg.footerCollections}
          links={collections.map((c) => ({ to: c.href, label: c.name }))}
          listClassName="grid grid-cols-2 gap-x-6 gap-y-1"
        />
      </div>
      <div className="border-t border-paper/15">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 px-6 py-4">
          <p className="py-2 text-sm text-paper/70">
            {msg.footerRights(new Date().getFullYear(), shopName)}
          </p>
          <LanguageSwitch className="-mx-2 text-paper/90" />
        </div>
      </div>
    </footer>
  );
}

/** One of the footer's titled lists of links. */
function FooterLinks({
  id,
  title,
  links,
  listClassName = "space-y-1",
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
  listClassName?: string;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-widest uppercase">
        {title}
      </h2>
      <ul className={`mt-4 ${listClassName}`}>
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex min-h-11 items-center text-paper/80 hover:text-paper"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

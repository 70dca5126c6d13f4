import { msg } from "~/i18n/messages";
import { BrandMark } from "../icons";
import { mainLinks, plainHref } from "../shell/nav";

/**
 * The page the service worker shows for a page it could not reach: the shop's header and one
 * sentence, as static markup with no script, so it renders from the cache with nothing else.
 * The service worker points 'Try again' at the page that failed (`data-retry`).
 */
export function OfflinePage({ shopName, stylesheet }: { shopName: string; stylesheet: string }) {
  return (
    <html lang={msg.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${msg.noConnectionTitle} | ${shopName}`}</title>
        <link rel="stylesheet" href={stylesheet} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body className="min-h-dvh bg-paper font-sans text-ink antialiased">
        <ShopHeaderPlain shopName={shopName} />
        <main
          id="main"
          className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center"
        >
          <h1 className="text-3xl font-bold sm:text-4xl">{msg.noConnectionTitle}</h1>
          <p className="mt-4 text-muted">{msg.noConnection}</p>
          <a href={plainHref("/")} data-retry="" className="btn btn-primary mt-8">
            {msg.tryAgain}
          </a>
        </main>
      </body>
    </html>
  );
}

/**
 * The shop's header as plain links, for pages drawn without the shop's data or code: the
 * offline page, and the error a dropped connection leaves in place of any page.
 */
export function ShopHeaderPlain({ shopName }: { shopName: string }) {
  return (
    <header className="border-b border-hairline bg-paper">
      <div className="print-band" />
      <nav
        aria-label={msg.navMainLabel}
        className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-2 px-4 sm:px-6"
      >
        <a
          href={plainHref("/")}
          className="inline-flex min-h-11 items-center gap-2 font-display text-xl font-bold"
        >
          <BrandMark />
          {shopName}
        </a>
        <ul className="flex flex-wrap items-center">
          {mainLinks().map((link) => (
            <li key={link.to}>
              <a
                href={plainHref(link.to)}
                className="inline-flex min-h-11 items-center px-3 font-medium"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

import type express from "express";
import { renderToString } from "react-dom/server";
import { CartButton } from "~/components/shell/CartButton";
import { FlashToast, shopperJson } from "~/components/shell/shopper";
import { loadShopper } from "~/flows/shopper.server";
import { msg } from "~/i18n/messages";
import type { Services } from "~/services.server";
import type { ShopperParts } from "./page-cache";

/**
 * One shopper's parts of a shared storefront page, from their cookies: the cart button with their
 * count, their one-time message, and the data the browser's first render reads back
 * (components/shell/shopper.tsx). Rendered by the same components as the page, so they match
 * what the browser renders when it takes over. Without a cookie there is nothing to look up.
 */
/**
 * The cart button's HTML by language and count: the same for every shopper reading that language
 * with that many pieces.
 */
const buttons = new Map<string, string>();
const cartButton = (count: number) => {
  const key = `${msg.htmlLang} ${count}`;
  let html = buttons.get(key);
  if (html === undefined) {
    html = renderToString(<CartButton count={count} />);
    if (buttons.size < 400) buttons.set(key, html);
  }
  return html;
};

export async function shopperParts(
  services: Pick<Services, "database" | "settings">,
  req: express.Request,
): Promise<ShopperParts> {
  const cookie = req.headers.cookie;
  const request = new Request("http://shop.local/", { headers: cookie ? { cookie } : {} });
  const { shopper, setCookie } = await loadShopper(services, request);
  return {
    slots: {
      json: shopperJson(shopper),
      "cart-button": cartButton(shopper.cart.count),
      flash: shopper.flash ? renderToString(<FlashToast flash={shopper.flash} />) : "",
    },
    setCookie: setCookie ? [setCookie] : [],
  };
}

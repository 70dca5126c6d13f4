import { shopCookie } from "~/utils/shop-cookie.server";

/**
 * A one-time message for the next page, for forms posted without JavaScript (with it, the page
 * shows a toast instead): "Added to cart!" or why something could not be added.
 */
export const flashCookie = shopCookie("flash", { maxAge: 60 });

export type Flash = { kind: "success" | "error"; message: string };

export async function readFlash(request: Request): Promise<Flash | null> {
  const value = await flashCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { kind, message } = value as Flash;
  return (kind === "success" || kind === "error") && typeof message === "string"
    ? { kind, message: message.slice(0, 200) }
    : null;
}

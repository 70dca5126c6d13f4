import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { routeCodeThroughDrops } from "../offline/ConnectionNotice";
import { notify } from "../toast";

type CartAnswer =
  | { ok: true; message: string | null; warning?: boolean }
  | { ok: false; error: string };

/**
 * Posts a cart form to /cart in the background (the same form works without JavaScript as a
 * plain post) and shows the answer as a toast: 'Added to cart!', or why not (or not all).
 */
export function useCartFetcher(key?: string) {
  const fetcher = useFetcher<CartAnswer>({ key });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok && fetcher.data.message) {
      void notify(fetcher.data.warning ? "error" : "success", fetcher.data.message);
    }
    if (!fetcher.data.ok) void notify("error", fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  // The cart's code on its way (a dropped connection): the tap waits with the page as it is.
  const [waitingForCode, setWaitingForCode] = useState(false);
  const submit = (form: HTMLFormElement, extra: Record<string, string> = {}) => {
    const data = new FormData(form);
    for (const [k, v] of Object.entries(extra)) data.set(k, v);
    data.set("via", "fetch");
    const send = () => void fetcher.submit(data, { method: "post", action: "/cart" });
    const code = routeCodeThroughDrops("routes/storefront/cart");
    if (!code) return send();
    setWaitingForCode(true);
    void code.then(() => {
      setWaitingForCode(false);
      send();
    });
  };
  return { fetcher, submit, busy: fetcher.state !== "idle" || waitingForCode };
}

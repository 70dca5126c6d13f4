import { msg } from "~/i18n/messages";
import type { NotificationRoute, ProviderDescription } from "./description";
import { mpesaExpressDescription } from "./mpesa-express/description";
import { pesapalDescription } from "./pesapal/description";

export type { NotificationRoute, ProviderDescription };

/**
 * Every payment provider the shop knows, in the order checkout prefers them (the first one set up
 * is the default). A new provider adds its description here and its factory in providers.server.ts.
 */
export const PROVIDER_DESCRIPTIONS: readonly ProviderDescription[] = [
  mpesaExpressDescription,
  pesapalDescription,
];

/** React Router and Express match paths without regard to case or a trailing slash. */
const canonical = (path: string) => path.toLowerCase().replace(/\/+$/, "") || "/";

const matches = (pattern: string, path: string) => {
  const want = canonical(pattern).split("/");
  const got = canonical(path).split("/");
  return (
    want.length === got.length &&
    want.every((part, i) =>
      part.startsWith(":") ? /^[\w-]{1,100}$/.test(got[i]!) : part === got[i],
    )
  );
};

/** The provider and notification route a request path is for, if any. */
export function notificationAt(
  path: string,
): { provider: ProviderDescription; route: NotificationRoute } | null {
  for (const provider of PROVIDER_DESCRIPTIONS) {
    const route = provider.notifications.find((r) => matches(r.path, path));
    if (route) return { provider, route };
  }
  return null;
}

/** The description of a provider by name. */
export const describeProvider = (name: string) =>
  PROVIDER_DESCRIPTIONS.find((provider) => provider.name === name);

/** The checkout's payment choices, for the providers the shop has set up, in its order. */
export const paymentChoices = (names: readonly string[]) =>
  PROVIDER_DESCRIPTIONS.filter((d) => names.includes(d.name)).map((d) => ({
    name: d.name,
    // The provider's own words, in the page's language.
    choice: msg.paymentChoices[d.name]?.choice ?? d.choice,
    note: msg.paymentChoices[d.name]?.note ?? d.note,
    asksPayerPhone: d.asksPayerPhone ?? false,
  }));

/** Whether the shop can ask this provider to refund a payment it took. */
export const providerCanRefund = (name: string | null) =>
  Boolean(name && describeProvider(name)?.refunds);

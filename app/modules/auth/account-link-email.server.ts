import type { MessageProviders, OutgoingMessage } from "~/modules/messages/sender.server";
import { builtInOutbox } from "~/modules/messages/sender.server";
import type { Settings } from "~/settings.server";
import { LINK_HOURS } from "./account-form";

/**
 * Emails a person their link to set a password, when the shop sends email (SMTP). Sent at once,
 * not through the outbox: the outbox is readable in the back office, and a link is a key.
 * Answers whether it went; the owner is shown the link either way, to share it.
 */
export async function emailAccountLink(
  messages: MessageProviders,
  settings: Pick<Settings, "SHOP_NAME">,
  to: { email: string; name: string },
  link: string,
  reason: "new" | "reset",
): Promise<boolean> {
  if (messages.email === builtInOutbox) return false;
  const opening =
    reason === "new"
      ? `You have an account in the ${settings.SHOP_NAME} back office.`
      : `Your password for the ${settings.SHOP_NAME} back office was reset.`;
  const body = [
    `Hello ${to.name},`,
    "",
    opening,
    `Choose your password here within ${LINK_HOURS} hours (the link works once):`,
    link,
    "",
    "If you did not expect this, you can ignore this email.",
  ].join("\n");
  try {
    await messages.email.send({
      recipient: to.email,
      subject: `Your ${settings.SHOP_NAME} back-office account`,
      body,
      html: null,
    } as OutgoingMessage);
    return true;
  } catch {
    return false;
  }
}

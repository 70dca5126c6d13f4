import { msg } from "~/i18n/messages";

/** Shown on every storefront page while payments go to the built-in Pesapal emulator. */
export function DemoBanner() {
  return (
    <p
      role="note"
      className="bg-gold-soft px-4 py-1.5 text-center text-sm font-semibold text-[#78350f]"
    >
      {msg.demoBanner}
    </p>
  );
}

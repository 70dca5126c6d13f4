import { Link } from "react-router";
import { BrandMark } from "./icons";

/**
 * The plain header of the pages around a payment (waiting for it, its outcome): the shop's name
 * back home, without the menu and cart, so the shopper's attention stays on paying.
 */
export function PaymentHeader({ shopName }: { shopName: string }) {
  return (
    <header className="border-b border-hairline">
      <div className="print-band" />
      <Link
        to="/"
        className="mx-auto flex max-w-3xl items-center gap-2 px-6 py-4 text-xl font-extrabold"
      >
        <BrandMark />
        {shopName}
      </Link>
    </header>
  );
}

import ChevronDown from "lucide-react/icons/chevron-down";
import Menu from "lucide-react/icons/menu";
import { type RefObject, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { msg } from "~/i18n/messages";
import { BrandMark } from "../icons";
import { CartButton } from "./CartButton";
import { LanguageSwitch } from "./LanguageSwitch";
import { activeCategory, mainLinks, type NavCategory, plainHref } from "./nav";
import { ShopperSlot } from "./shopper";

type Props = {
  shopName: string;
  categories: NavCategory[];
  cartCount: number;
  menuButtonRef: RefObject<HTMLAnchorElement | null>;
  cartButtonRef: RefObject<HTMLAnchorElement | null>;
  /** A touch, a pointer or focus on the menu or cart button: load the sheets now. */
  onIntent: () => void;
  onOpenMenu: () => void;
  onOpenCart: () => void;
};

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex min-h-11 items-center px-3 text-[0.95rem] font-medium transition-colors hover:text-accent ${
    isActive
      ? "text-accent after:absolute after:inset-x-3 after:bottom-1.5 after:h-0.5 after:rounded after:bg-accent"
      : "text-ink"
  }`;

export function SiteHeader(props: Props) {
  const { shopName, categories, cartCount, menuButtonRef, cartButtonRef } = props;
  const { onIntent, onOpenMenu, onOpenCart } = props;
  const intent = { onPointerEnter: onIntent, onTouchStart: onIntent, onFocus: onIntent };
  const location = useLocation();
  const current = activeCategory(location.pathname, location.search);
  const [shopMenuOpen, setShopMenuOpen] = useState(false);
  const shopMenuRef = useRef<HTMLDivElement>(null);

  // The dropdown closes when the page changes, on Escape and on a click elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on navigation is the point.
  useEffect(() => setShopMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!shopMenuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setShopMenuOpen(false);
    const onClick = (e: MouseEvent) => {
      if (!shopMenuRef.current?.contains(e.target as Node)) setShopMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [shopMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-hairline bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/85">
      <div className="print-band" />
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-2 sm:px-6">
        {/* The menu page before JavaScript; with it, the link opens the slide-in menu. */}
        <a
          ref={menuButtonRef}
          href={plainHref("/menu")}
          {...intent}
          onClick={(event) => {
            event.preventDefault();
            onOpenMenu();
          }}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand md:hidden"
          aria-label={msg.openMenu}
          aria-haspopup="dialog"
        >
          <Menu aria-hidden="true" />
        </a>

        <Link
          to="/"
          className="flex items-center gap-2 text-xl font-extrabold tracking-tight md:text-2xl"
        >
          <BrandMark />
          <span>{shopName}</span>
        </Link>

        <nav aria-label={msg.navMainLabel} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainLinks().map((link) =>
              link.to === "/shop" ? (
                <li key={link.to}>
                  <div ref={shopMenuRef} className="group relative flex items-center">
                    <NavLink to="/shop" className={navLinkClass}>
                      {link.label}
                    </NavLink>
                    <button
                      type="button"
                      className="-ml-2 inline-flex size-8 items-center justify-center rounded-full hover:bg-sand"
                      aria-expanded={shopMenuOpen}
                      aria-controls="shop-categories"
                      aria-label={msg.navShopCategories}
                      onClick={() => setShopMenuOpen((open) => !open)}
                    >
                      <ChevronDown size={16} aria-hidden="true" />
                    </button>
                    {/* Opens on hover (works before JavaScript) or with the button (keyboard, touch). */}
                    <div
                      id="shop-categories"
                      data-open={shopMenuOpen}
                      className="invisible absolute top-full left-1/2 z-50 w-[34rem] -translate-x-1/2 pt-2 opacity-0 transition-opacity duration-150 group-hover:visible group-hover:opacity-100 data-[open=true]:visible data-[open=true]:opacity-100"
                    >
                      <ul className="grid grid-cols-3 gap-x-2 gap-y-0.5 rounded-2xl border border-hairline bg-white p-4 shadow-xl">
                        {categories.map((category) => {
                          const active = current === category.id;
                          return (
                            <li key={category.id}>
                              <Link
                                to={category.href}
                                aria-current={active ? "page" : undefined}
                                className={`block rounded-lg px-3 py-2 text-sm hover:bg-sand ${active ? "bg-sand font-semibold text-accent" : ""}`}
                              >
                                {category.name}
                              </Link>
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  </div>
                </li>
              ) : (
                <li key={link.to}>
                  <NavLink to={link.to} className={navLinkClass} end={link.to === "/"}>
                    {link.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <ShopperSlot name="cart-button">
            <CartButton
              count={cartCount}
              buttonRef={cartButtonRef}
              onIntent={onIntent}
              onOpen={onOpenCart}
            />
          </ShopperSlot>
        </div>
      </div>
    </header>
  );
}

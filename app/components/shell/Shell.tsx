import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { msg } from "~/i18n/messages";
import { CartProvider, type CartSummary } from "../cart/cart-context";
import { DemoBanner } from "../DemoBanner";
import { loadThroughDrops } from "../offline/ConnectionNotice";
import { ToastHost } from "../toast";
import { CategoriesContext } from "./categories-context";
import type { NavCategory } from "./nav";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { type Flash, FlashToast, ShopperSlot } from "./shopper";

// The menu and the cart drawer load when a shopper shows they want one (a touch, a pointer or
// focus on its button, or an item added), not with every page: before JavaScript, and until
// then, their buttons are links to /menu and /cart (decision 40). A drop waits for the network.
const MobileMenu = lazy(() =>
  loadThroughDrops(() => import("./MobileMenu")).then((m) => ({ default: m.MobileMenu })),
);
const CartDrawer = lazy(() =>
  loadThroughDrops(() => import("./CartDrawer")).then((m) => ({ default: m.CartDrawer })),
);
const CartLines = lazy(() =>
  loadThroughDrops(() => import("../cart/CartLines")).then((m) => ({ default: m.CartLines })),
);

type Props = {
  shopName: string;
  social: { instagramUrl?: string; facebookUrl?: string; tiktokUrl?: string };
  categories: NavCategory[];
  cart: CartSummary;
  demoPayments: boolean;
  /** A message from a form posted without JavaScript ('Added to cart!'). */
  flash: Flash | null;
  children: ReactNode;
};

/** The public shell: sticky header, main content, footer, the mobile menu and the cart drawer. */
export function Shell({
  shopName,
  social,
  categories,
  cart,
  demoPayments,
  flash,
  children,
}: Props) {
  const cartCount = cart.count;
  const [menuOpen, setMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [sheetsWanted, setSheetsWanted] = useState(false);
  const wantSheets = () => setSheetsWanted(true);
  const openMenu = () => {
    setSheetsWanted(true);
    setMenuOpen(true);
  };
  const openCart = () => {
    setSheetsWanted(true);
    setCartOpen(true);
  };
  // Focus goes back to what opened a sheet when it closes.
  const menuButton = useRef<HTMLAnchorElement>(null);
  const cartButton = useRef<HTMLAnchorElement>(null);

  return (
    <CategoriesContext value={categories}>
      <CartProvider value={{ cart, openCart }}>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only z-[60] rounded bg-accent px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            {msg.skipToContent}
          </a>
          {demoPayments ? <DemoBanner /> : null}
          <Suspense>
            <SiteHeader
              shopName={shopName}
              categories={categories}
              cartCount={cartCount}
              menuButtonRef={menuButton}
              cartButtonRef={cartButton}
              onIntent={wantSheets}
              onOpenMenu={openMenu}
              onOpenCart={openCart}
            />
          </Suspense>
          {sheetsWanted ? (
            <Suspense fallback={null}>
              <MobileMenu
                open={menuOpen}
                onOpenChange={setMenuOpen}
                shopName={shopName}
                categories={categories}
                returnFocusTo={menuButton}
              />
              <CartDrawer
                open={cartOpen}
                onOpenChange={setCartOpen}
                count={cartCount}
                returnFocusTo={cartButton}
              >
                {cart.items.length ? <CartLines onNavigate={() => setCartOpen(false)} /> : null}
              </CartDrawer>
            </Suspense>
          ) : null}
          <div className="flex-1">
            <Suspense>{children}</Suspense>
          </div>
          <Suspense>
            <SiteFooter
              shopName={shopName}
              social={social}
              collections={categories.filter((c) => c.id !== "all")}
            />
          </Suspense>
          <ToastHost />
          {/* The toasts' place, above a phone page's sticky bar too (app.css). */}
          <ShopperSlot name="flash">{flash ? <FlashToast flash={flash} /> : null}</ShopperSlot>
        </div>
      </CartProvider>
    </CategoriesContext>
  );
}

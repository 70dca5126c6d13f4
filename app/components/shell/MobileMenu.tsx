import ChevronDown from "lucide-react/icons/chevron-down";
import { type RefObject, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { msg } from "~/i18n/messages";
import { Sheet } from "../Sheet";
import { activeCategory, helpLinks, mainLinks, type NavCategory } from "./nav";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  shopName: string;
  categories: NavCategory[];
};

/** The slide-in menu on phones: choosing a link closes it, and closing collapses the categories. */
export function MobileMenu({ open, onOpenChange, returnFocusTo, shopName, categories }: Props) {
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const location = useLocation();
  const current = activeCategory(location.pathname, location.search);

  const change = (next: boolean) => {
    if (!next) setCategoriesOpen(false);
    onOpenChange(next);
  };
  const close = () => change(false);

  return (
    <Sheet
      open={open}
      onOpenChange={change}
      side="left"
      title={shopName}
      closeLabel={msg.closeMenu}
      returnFocusTo={returnFocusTo}
    >
      <nav aria-label={msg.navMobileLabel} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {mainLinks().map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                onClick={close}
                className={({ isActive }) =>
                  `flex min-h-12 items-center rounded-xl px-4 text-lg font-medium ${isActive ? "bg-sand text-accent" : "hover:bg-sand"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-hairline pt-4">
          <button
            type="button"
            className="flex min-h-12 w-full items-center justify-between rounded-xl px-4 text-left font-semibold hover:bg-sand"
            aria-expanded={categoriesOpen}
            aria-controls="mobile-categories"
            onClick={() => setCategoriesOpen((v) => !v)}
          >
            {msg.shopByCategory}
            <ChevronDown
              aria-hidden="true"
              className={`transition-transform ${categoriesOpen ? "rotate-180" : ""}`}
            />
          </button>
          <ul id="mobile-categories" hidden={!categoriesOpen} className="mt-1 space-y-0.5 pl-2">
            {categories.map((category) => {
              const active = current === category.id;
              return (
                <li key={category.id}>
                  <Link
                    to={category.href}
                    onClick={close}
                    aria-current={active ? "page" : undefined}
                    className={`flex min-h-11 items-center rounded-lg px-4 ${active ? "bg-sand font-semibold text-accent" : "text-muted hover:bg-sand hover:text-ink"}`}
                  >
                    {category.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
        <ul className="mt-4 space-y-0.5 border-t border-hairline pt-4">
          {helpLinks().map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                onClick={close}
                className={({ isActive }) =>
                  `flex min-h-11 items-center rounded-lg px-4 ${isActive ? "bg-sand font-semibold text-accent" : "hover:bg-sand"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Sheet>
  );
}

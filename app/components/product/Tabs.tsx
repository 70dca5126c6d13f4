import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { msg } from "~/i18n/messages";

type Tab = { id: string; label: string; href: string; content: ReactNode };

/**
 * ARIA tabs whose triggers are links (`?tab=details`): without JavaScript the server renders the
 * chosen tab; with it the tabs switch in place and arrow keys move between them.
 */
export function Tabs({ tabs, initial }: { tabs: Tab[]; initial: string }) {
  const [selected, setSelected] = useState(initial);
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setSelected(tabs[next]!.id);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={msg.productInformation}
        className="flex gap-6 border-b border-hairline"
      >
        {tabs.map((tab, i) => {
          const active = tab.id === selected;
          return (
            <a
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`tab-${tab.id}`}
              href={tab.href}
              role="tab"
              aria-selected={active}
              aria-controls={`panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                setSelected(tab.id);
              }}
              onKeyDown={(event) => onKeyDown(event, i)}
              className={`-mb-px inline-flex min-h-11 items-center border-b-2 font-semibold ${active ? "border-accent text-ink" : "border-transparent text-muted hover:text-ink"}`}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable tab panel, as ARIA's tabs pattern asks.
          tabIndex={0}
          className="pt-4 leading-relaxed text-muted"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}

import X from "lucide-react/icons/x";
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: ReactNode;
  closeLabel: string;
  /** Focused again when the sheet closes: the button that opened it. */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * A modal side sheet on the platform's <dialog> (see docs/decisions/0004): showModal() makes the
 * page behind inert, keeps focus inside, closes on Escape and shows a backdrop, at no JavaScript
 * cost. We add closing on a backdrop click, scroll locking (in CSS) and focus return.
 */
export function Sheet({
  open,
  onOpenChange,
  side,
  title,
  closeLabel,
  returnFocusTo,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      returnFocusTo.current?.focus();
    }
  }, [open, returnFocusTo]);

  return (
    // Escape (onCancel) is the keyboard's way to close; the backdrop click is the pointer's.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape already closes the dialog.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`sheet sheet-${side}`}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      onClick={(event) => {
        // A click on the dialog itself, not its content, is a click on the backdrop.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-hairline px-5 py-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
            aria-label={closeLabel}
          >
            <X aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

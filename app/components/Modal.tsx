import X from "lucide-react/icons/x";
import { type ReactNode, useEffect, useId, useRef } from "react";

type Props = {
  title: ReactNode;
  /** Called once the dialog has closed (Escape, the close button, or `close()` from inside). */
  onClose: () => void;
  closeLabel?: string;
  /** Wider for forms, narrower for confirmations. */
  size?: "sm" | "md" | "lg";
  children: ReactNode;
};

const WIDTHS = { sm: "w-[min(26rem,94vw)]", md: "w-[min(40rem,94vw)]", lg: "w-[min(48rem,96vw)]" };

/**
 * A centred modal on the platform's <dialog> (see docs/decisions/0004), shown as soon as it is
 * rendered, on the server too: the parent decides whether it exists. Focus stays inside, Escape
 * closes it, and focus returns to whatever opened it.
 */
export function Modal({ title, onClose, closeLabel = "Close", size = "md", children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    // Rendered open (so it shows before, or without, JavaScript), it is re-opened as a modal: the
    // page behind becomes inert and focus moves in.
    if (dialog && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      open
      onClose={() => {
        // The close() just before showModal() above fires this too: only a real close counts.
        if (!ref.current?.open) onClose();
      }}
      className={`m-auto ${WIDTHS[size]} rounded-2xl p-0 shadow-2xl backdrop:bg-ink/50 [&:not(:modal)]:fixed [&:not(:modal)]:inset-0 [&:not(:modal)]:z-50`}
    >
      <div className="flex items-center justify-between gap-3 border-b border-hairline px-5 py-3">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {/* method="dialog" closes it natively, with or without JavaScript. */}
        <form method="dialog">
          <button
            type="submit"
            aria-label={closeLabel}
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
          >
            <X aria-hidden="true" />
          </button>
        </form>
      </div>
      {/* Focusable, so a keyboard can scroll a body taller than a phone's screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access */}
      <div tabIndex={0} className="max-h-[78dvh] overflow-y-auto px-5 py-4">
        {children}
      </div>
    </dialog>
  );
}

import { useEffect, useRef } from "react";
import { showToaster, toastLibrary } from "./toast";

type ActionToast = {
  message: string;
  /** The button's text, e.g. 'Undo'. */
  action: string;
  onAction: () => void;
  /** How long the toast (and its button) stays, in ms. */
  duration: number;
  /** Where the focus goes when the toast leaves while its button has it. */
  onGone: () => void;
  /** A link beside the button (e.g. to the order just moved out of the list). */
  link?: { href: string; label: string };
};

/**
 * A toast with one button (e.g. 'Undo' after clearing the cart). The button takes the focus: the
 * control that caused the toast is usually gone from the page, and a keyboard user has only the
 * toast's few seconds to reach it.
 */
export async function notifyWithAction({
  message,
  action,
  onAction,
  duration,
  onGone,
  link,
}: ActionToast) {
  showToaster();
  const { toast } = await toastLibrary();
  toast(
    (t) => (
      <ToastWithAction
        visible={t.visible}
        message={message}
        action={action}
        onAction={() => {
          toast.dismiss(t.id);
          onAction();
        }}
        onGone={onGone}
        link={link}
      />
    ),
    { duration, position: "bottom-right" },
  );
}

function ToastWithAction({
  visible,
  message,
  action,
  onAction,
  onGone,
  link,
}: Omit<ActionToast, "duration"> & { visible: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  useEffect(() => {
    if (!visible && document.activeElement === button.current) onGone();
  }, [visible, onGone]);
  return (
    <span className="flex items-center gap-4">
      {message}
      <button
        ref={button}
        type="button"
        onClick={onAction}
        className="min-h-11 rounded-lg px-3 font-semibold text-accent underline underline-offset-4 hover:text-accent-hover"
      >
        {action}
      </button>
      {link ? (
        <a href={link.href} className="min-h-11 content-center font-semibold underline">
          {link.label}
        </a>
      ) : null}
    </span>
  );
}

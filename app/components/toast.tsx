import { lazy, Suspense, useEffect, useState } from "react";
import { loadThroughDrops } from "./offline/ConnectionNotice";

/**
 * Toasts with react-hot-toast, configured to the spec (bottom-right; success 2 s, error 4 s, at
 * most 20 at once: the library's own defaults). The library is loaded on the first toast, so no
 * page pays for it before it needs it; on a dropped connection it waits for the network (a lazy
 * part that fails would put the error page in place of the page).
 */
export const toastLibrary = () => loadThroughDrops(() => import("react-hot-toast"));
const Toaster = lazy(() => toastLibrary().then((m) => ({ default: m.Toaster })));

let mount: (() => void) | null = null;
let mounted = false;

/** Mounts the toaster (and loads its library) before the first toast. */
export function showToaster() {
  if (!mounted) {
    mounted = true;
    mount?.();
  }
}

export async function notify(kind: "success" | "error", message: string) {
  showToaster();
  const { toast } = await toastLibrary();
  toast[kind](message, { position: "bottom-right" });
}

export function ToastHost() {
  const [show, setShow] = useState(mounted);
  useEffect(() => {
    mount = () => setShow(true);
    return () => {
      mount = null;
    };
  }, []);
  return show ? (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        // Above a page's sticky bottom bar on a phone (app.css sets --toast-bottom then).
        containerStyle={{ bottom: "var(--toast-bottom, 16px)" }}
        toastOptions={{ success: { duration: 2000 }, error: { duration: 4000 } }}
      />
    </Suspense>
  ) : null;
}

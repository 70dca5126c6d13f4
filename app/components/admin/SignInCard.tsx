import type { ReactNode } from "react";
import { BrandMark } from "../icons";

/** The back office's doors (login, the sign-in code, setting a password): one card on the sand. */
export function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-sand px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl border border-hairline bg-white p-6 shadow-sm sm:p-8">
        <p className="flex items-center gap-2 text-lg font-extrabold">
          <BrandMark />
          Back-office
        </p>
        <h1 className="mt-6 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** A door's submit button: its icon and words, and what it says while the form is on its way. */
export function SignInButton({
  busy,
  icon,
  label,
  busyLabel,
}: {
  busy: boolean;
  icon: ReactNode;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" disabled={busy} className="btn btn-primary w-full disabled:opacity-70">
      {icon}
      {busy ? busyLabel : label}
    </button>
  );
}

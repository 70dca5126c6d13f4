import type { LucideIcon } from "lucide-react";

/** A short promise with an icon: the Home page's blurbs and the About page's values. */
export function FeatureCard({
  Icon,
  title,
  text,
}: {
  Icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <li className="rounded-2xl border border-hairline bg-white p-6">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-gold-soft text-gold">
        <Icon aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className="mt-1 text-muted">{text}</p>
    </li>
  );
}

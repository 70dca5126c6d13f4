/** A small spinning ring; `label` is read to screen readers. */
export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-hairline border-t-accent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

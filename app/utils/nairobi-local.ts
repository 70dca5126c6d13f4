import { nairobiStamp } from "./dates";

// Apart from dates.ts, which the storefront's shared script carries: only the back office's forms
// read and write these.
/** A `datetime-local` field's value (`YYYY-MM-DDTHH:MM`) read as Nairobi time; null if not one. */
export function fromNairobiLocal(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00+03:00`);
  return Number.isNaN(date.getTime()) || nairobiLocal(date) !== value ? null : date;
}

/** A moment as a `datetime-local` field shows it in Nairobi time (`YYYY-MM-DDTHH:MM`). */
export const nairobiLocal = (iso: string | Date) =>
  nairobiStamp(iso).slice(0, 16).replace(" ", "T");

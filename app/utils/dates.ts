/** Dates are stored in UTC and shown in Nairobi time. */
const dateTime = new Intl.DateTimeFormat("en-KE", {
  timeZone: "Africa/Nairobi",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});
const dateOnly = new Intl.DateTimeFormat("en-KE", {
  timeZone: "Africa/Nairobi",
  day: "numeric",
  month: "short",
  year: "numeric",
});

export const formatDateTime = (iso: string | Date) => dateTime.format(new Date(iso));
export const formatDate = (iso: string | Date) => dateOnly.format(new Date(iso));

/** Nairobi local time as `YYYY-MM-DD HH:MM:SS`, which spreadsheets read as a date. */
const stamp = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Africa/Nairobi",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

export const nairobiStamp = (iso: string | Date) => stamp.format(new Date(iso));

/** The Nairobi day of a moment, as `YYYY-MM-DD`. */
export const nairobiDay = (iso: string | Date) => nairobiStamp(iso).slice(0, 10);

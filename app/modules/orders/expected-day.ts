import { msg } from "~/i18n/messages";
import { nairobiStamp } from "~/utils/dates";

// What /delivery promises, as days: the shop packs Monday to Saturday (Nairobi time); pickup is
// ready the next working day after the payment, a matatu parcel reaches the sacco office in 1 to
// 3 working days, and a rider comes the same day when paid before 1 pm on a working day,
// otherwise the next working day. Public holidays are not known to the shop: the page says so.

/** The latest hour (Nairobi) a rider order is paid to go out the same day. */
export const RIDER_SAME_DAY_BEFORE_HOUR = 13;

/** A Nairobi day as `YYYY-MM-DD`, moved by whole days (noon UTC keeps it clear of midnight). */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const isSunday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() === 0;

/** The `n`th working day after `day` (Saturday's and Sunday's next is Monday). */
function workingDayAfter(day: string, n: number): string {
  let d = day;
  for (let left = n; left > 0; left--) {
    d = addDays(d, 1);
    while (isSunday(d)) d = addDays(d, 1);
  }
  return d;
}

/**
 * When a paid order is expected to be ready (pickup) or to arrive (matatu, rider), as Nairobi
 * days `YYYY-MM-DD`: one day, or the first and last of a range.
 */
export function expectedDays(deliveryMethod: string, paidAt: Date): { from: string; to: string } {
  const [day, time] = nairobiStamp(paidAt).split(" ") as [string, string];
  if (deliveryMethod === "matatu") {
    return { from: workingDayAfter(day, 1), to: workingDayAfter(day, 3) };
  }
  if (deliveryMethod === "rider") {
    const sameDay = !isSunday(day) && Number(time.slice(0, 2)) < RIDER_SAME_DAY_BEFORE_HOUR;
    const d = sameDay ? day : workingDayAfter(day, 1);
    return { from: d, to: d };
  }
  const d = workingDayAfter(day, 1);
  return { from: d, to: d };
}

/**
 * A Nairobi day as shoppers read it in the page's language: 'Friday 27 November',
 * 'Ijumaa 27 Novemba'.
 */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat(msg.htmlLang, {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(",", "");

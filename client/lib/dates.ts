/*
 * The one way the client writes dates and times, so that every screen reads the same ("Dec 4, 2026",
 * "Dec 4, 2026, 3:05 PM") in the reader's own locale and time zone. Relative times ("3 hours ago") are
 * a different thing and stay with the screens that use them.
 */

const DAY = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
const DAY_AND_TIME = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const TIME = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", second: "2-digit" });
/** A calendar day that is the same everywhere (a deadline's date, docs/SPEC.md §3). */
const UTC_DAY = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Dec 4, 2026": the day of an instant, in the reader's time zone. */
export function formatDate(date: Date): string {
  return DAY.format(date);
}

/** "Dec 4, 2026, 3:05 PM": an instant to the minute, in the reader's time zone. */
export function formatDateTime(date: Date): string {
  return DAY_AND_TIME.format(date);
}

/** "3:05:12 PM": the time of day alone, for something that just happened. */
export function formatTime(date: Date): string {
  return TIME.format(date);
}

/** "Dec 4, 2026" for a day that is the same in every time zone: the date of the instant as read in UTC. */
export function formatUtcDay(date: Date): string {
  return UTC_DAY.format(date);
}

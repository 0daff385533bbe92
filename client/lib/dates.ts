/*
 * The one way the client writes dates, times and numbers, so that every screen reads the same ("Dec 4, 2026",
 * "Dec 4, 2026, 3:05 PM"; "4 dic 2026" in Spanish) in the reader's language (client/lib/i18n.ts: the
 * browser's own locale when it speaks that language) and their own time zone.
 */
import { currentLocale } from "./i18n.js";

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: "numeric", minute: "2-digit" };
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", second: "2-digit" };
/** A calendar day that is the same everywhere (a deadline's date, docs/SPEC.md §3). */
const UTC_DAY: Intl.DateTimeFormatOptions = { ...DAY, timeZone: "UTC" };

/** Formatters are costly to make: one per locale and style, made when first used. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  style: string,
  make: (locale: string) => T,
): T {
  const locale = currentLocale();
  const key = `${style}|${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  return formatter as T;
}

const dateFormat = (style: string, options: Intl.DateTimeFormatOptions) =>
  cached(style, (locale) => new Intl.DateTimeFormat(locale, options));

/** "Dec 4, 2026": the day of an instant, in the reader's time zone. */
export function formatDate(date: Date): string {
  return dateFormat("day", DAY).format(date);
}

/** "Dec 4, 2026, 3:05 PM": an instant to the minute, in the reader's time zone. */
export function formatDateTime(date: Date): string {
  return dateFormat("dayTime", DAY_AND_TIME).format(date);
}

/** "3:05:12 PM": the time of day alone, for something that just happened. */
export function formatTime(date: Date): string {
  return dateFormat("time", TIME).format(date);
}

/** "Dec 4, 2026" for a day that is the same in every time zone: the date of the instant as read in UTC. */
export function formatUtcDay(date: Date): string {
  return dateFormat("utcDay", UTC_DAY).format(date);
}

/** "1,234" ("1.234" in Spanish): a count as the reader's language writes it. */
export function formatNumber(value: number): string {
  return cached("number", (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** "3 hours ago", "yesterday" ("hace 3 horas", "ayer"): `value` units from now, negative for the past. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return cached("relative", (locale) => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(value, unit);
}

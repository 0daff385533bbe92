/**
 * The interface languages (docs/decisions/0380-interface-languages.md) and how one is picked for a person:
 * their account's choice, else what their browser asks for (Accept-Language, navigator.languages), else
 * their organization's default, else English. Plain functions, used alike by the server and the client.
 */

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as a language picker lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", es: "Español" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The interface language of a locale tag ("es-MX" → "es"), or null when none is offered for it. */
function languageOfLocale(locale: string): Language | null {
  const primary = locale.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/** The first offered language among locales in order of preference (navigator.languages), or null. */
export function firstOfferedLanguage(locales: readonly string[]): Language | null {
  for (const locale of locales) {
    const language = languageOfLocale(locale);
    if (language) return language;
  }
  return null;
}

/**
 * The locales of an Accept-Language header, most wanted first (RFC 9110 §12.5.4: `q` weights, ties in
 * the order written; `q=0` means "not this one"). A malformed header is no preference at all.
 */
export function acceptedLocales(header: string | undefined): string[] {
  if (!header || header.length > 1000) return [];
  const entries: Array<{ locale: string; weight: number; order: number }> = [];
  header.split(",").forEach((part, order) => {
    const [tag = "", ...params] = part.trim().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (tag && tag !== "*" && Number.isFinite(weight) && weight > 0) entries.push({ locale: tag, weight, order });
  });
  return entries.sort((a, b) => b.weight - a.weight || a.order - b.order).map((entry) => entry.locale);
}

/** What decides a person's language, most binding first; each may be unknown. */
export interface LanguageSources {
  /** The account's own choice (account page). */
  account?: Language | null;
  /** The browser's locales, most wanted first. */
  browser?: readonly string[];
  /** The organization's default (settings page). */
  organization?: Language | null;
}

export function pickLanguage(sources: LanguageSources): Language {
  return sources.account ?? firstOfferedLanguage(sources.browser ?? []) ?? sources.organization ?? DEFAULT_LANGUAGE;
}

/**
 * The locale that dates and numbers are written in: the browser's own when it speaks the chosen language
 * (an "en-GB" reader keeps "4 Dec 2026"), else the language itself.
 */
export function formattingLocale(language: Language, browser: readonly string[] = []): string {
  return browser.find((locale) => languageOfLocale(locale) === language) ?? language;
}

/** A stored organization default read back: an unknown value (a language since withdrawn) is the default. */
export function languageOrDefault(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

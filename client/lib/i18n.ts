/**
 * The client's interface language (docs/decisions/0380-interface-languages.md): the shared i18next setup
 * with react-i18next, English bundled and any other catalogue fetched when first needed. Until the
 * server says who is signed in, the browser's languages decide (the landing, sign-in and invite pages);
 * then auth/me's `language` does (LanguageSync). Screens use `useTranslation()` for a typed `t`.
 */
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  firstOfferedLanguage,
  formattingLocale,
  isLanguage,
  type Language,
} from "#shared/i18n/languages.js";
import { type Catalogue, createI18n } from "#shared/i18n/setup.js";

/** The browser's locales, most wanted first; none while prerendering at build time (Node). */
function browserLocales(): readonly string[] {
  return typeof navigator === "undefined" ? [] : navigator.languages;
}

export const browserLanguage = (): Language => firstOfferedLanguage(browserLocales()) ?? DEFAULT_LANGUAGE;

export const i18n = createI18n(DEFAULT_LANGUAGE, {}, (instance) => instance.use(initReactI18next));

/** A catalogue other than English, fetched once as its own chunk. */
const loaders: Record<Exclude<Language, "en">, () => Promise<Catalogue>> = {
  es: () => import("#shared/i18n/es.json", { with: { type: "json" } }).then((module) => module.default),
};

/** The language every screen is in now. */
function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The locale dates and numbers are written in (the browser's own when it speaks the language). */
export function currentLocale(): string {
  return formattingLocale(currentLanguage(), browserLocales());
}

const REMEMBERED_LANGUAGE = "trainwright.language";

/**
 * The language the app starts in: the one the account was last answered in on this browser (so a
 * signed-in person's pages do not flash in another language while auth/me loads), else the browser's.
 */
export function startingLanguage(): Language {
  const remembered = typeof localStorage === "undefined" ? null : localStorage.getItem(REMEMBERED_LANGUAGE);
  return isLanguage(remembered) ? remembered : browserLanguage();
}

/**
 * Switches every screen to `language`, its catalogue loaded first; the page's `lang` follows. `remember`:
 * the account's language, which the next start of the app begins in; a signed-out page forgets it.
 */
export async function switchLanguage(language: Language, remember: boolean): Promise<void> {
  if (language !== "en" && !i18n.hasResourceBundle(language, "translation")) {
    i18n.addResourceBundle(language, "translation", await loaders[language]());
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  try {
    if (remember) localStorage.setItem(REMEMBERED_LANGUAGE, language);
    else localStorage.removeItem(REMEMBERED_LANGUAGE);
  } catch {
    // Storage refused (a private window's quota): the next start follows the browser instead.
  }
}

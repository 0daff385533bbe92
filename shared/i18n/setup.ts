/**
 * The one i18next setup of the client and the server (docs/decisions/0380-interface-languages.md): flat
 * keys ("nav.courses", dots are part of the name), ICU messages for plurals and selections
 * (i18next-icu over intl-messageformat), English as the fallback of any key a catalogue lacks.
 */
import i18next, { type InitOptions, type i18n, type TFunction } from "i18next";
import ICU from "i18next-icu";
import en from "./en.json" with { type: "json" };
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.js";

/** Every catalogue has the keys of the English one (tests/unit/i18n-catalogues.test.ts checks it). */
export type Catalogue = typeof en;
export type TranslationKey = keyof Catalogue;
export type Translate = TFunction;

export const englishCatalogue: Catalogue = en;

const OPTIONS: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; mails escape through html.ts; ICU's own syntax needs no escaping.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
};

/**
 * An i18next instance with the catalogues given (English always), ready at once. `extend` adds the
 * side's own plugins (react-i18next on the client) before it starts.
 */
export function createI18n(
  language: Language,
  catalogues: Partial<Record<Language, Catalogue>>,
  extend: (instance: i18n) => void = () => {},
): i18n {
  const instance = i18next.createInstance();
  instance.use(new ICU());
  extend(instance);
  const resources: Record<string, { translation: Catalogue }> = { en: { translation: en } };
  for (const [code, catalogue] of Object.entries(catalogues)) resources[code] = { translation: catalogue };
  void instance.init({ ...OPTIONS, lng: language, resources });
  return instance;
}

/**
 * The language a request is answered in (docs/decisions/0380-interface-languages.md): the caller's
 * account setting, else their browser's Accept-Language, else the default of the organization the
 * request acts on, else English. The procedure builders note the account's and the organization's as
 * they learn them (trpc.ts, trpc-org.ts); error answers and mails read the result.
 */
import type { FastifyRequest } from "fastify";
import es from "#shared/i18n/es.json" with { type: "json" };
import { acceptedLocales, type Language, pickLanguage } from "#shared/i18n/languages.js";
import { createI18n, type Translate } from "#shared/i18n/setup.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller's own choice of language, null for none (set once the session is known). */
    accountLanguage?: Language | null;
    /** The default language of the organization the request acts on, once known. */
    organizationLanguage?: Language | null;
  }
}

// One instance for the process, every catalogue loaded: a request only picks its fixed `t`.
const i18n = createI18n("en", { es });

function translatorFor(language: Language): Translate {
  return i18n.getFixedT(language);
}

/** The locales the caller's browser asks for, most wanted first (its Accept-Language header). */
export function browserLocalesOf(req: FastifyRequest): string[] {
  return acceptedLocales(req.headers["accept-language"]);
}

function requestLanguage(req: FastifyRequest): Language {
  return pickLanguage({
    account: req.accountLanguage,
    browser: browserLocalesOf(req),
    organization: req.organizationLanguage,
  });
}

/** The `t` of the request's language. */
export function requestTranslator(req: FastifyRequest): Translate {
  return translatorFor(requestLanguage(req));
}

import { errorMessage } from "#client/lib/errors.js";
import { i18n } from "#client/lib/i18n.js";

/** The fixed texts of docs/SPEC.md §8 for authentication's failures, in the reader's language. */

export function loginErrorText(error: unknown): string {
  return errorMessage(error, i18n.t("auth.loginFailed"), i18n.t("auth.loginUnknown"));
}

export function registerErrorText(error: unknown): string {
  return errorMessage(error, i18n.t("auth.registerFailed"), i18n.t("auth.registerUnknown"));
}

export function logoutErrorText(error: unknown): string {
  return errorMessage(error, i18n.t("auth.logoutFailed"));
}

import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { APP_NAME, COPYRIGHT_YEAR } from "#shared/constants.js";
import type { TranslationKey } from "#shared/i18n/setup.js";

const FOOTER_LINKS = [
  { label: "footer.privacy", hash: "privacy" },
  { label: "footer.terms", hash: "terms" },
  { label: "footer.contact", hash: "contact" },
] as const satisfies ReadonlyArray<{ label: TranslationKey; hash: string }>;

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:justify-between sm:px-6">
        <p>{t("footer.rights", { year: COPYRIGHT_YEAR, appName: APP_NAME })}</p>
        <nav aria-label={t("footer.label")}>
          <ul className="flex items-center gap-1">
            {FOOTER_LINKS.map((link) => (
              <li key={link.hash}>
                <Link
                  to="/"
                  hash={link.hash}
                  className="rounded-md px-2.5 py-1.5 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

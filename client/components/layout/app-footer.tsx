import { Link } from "@tanstack/react-router";
import { APP_NAME, COPYRIGHT_YEAR } from "#shared/constants.js";

const FOOTER_LINKS = [
  { label: "Privacy", hash: "privacy" },
  { label: "Terms", hash: "terms" },
  { label: "Contact", hash: "contact" },
] as const;

export function AppFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {COPYRIGHT_YEAR} {APP_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer">
          <ul className="flex items-center gap-1">
            {FOOTER_LINKS.map((link) => (
              <li key={link.hash}>
                <Link
                  to="/"
                  hash={link.hash}
                  className="rounded-md px-2.5 py-1.5 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

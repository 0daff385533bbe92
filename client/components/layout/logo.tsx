import { Link } from "@tanstack/react-router";
import { GraduationCap } from "lucide-react";
import { APP_NAME } from "#shared/constants.js";

/**
 * The app's mark and name, linking home. `compact` (inside an organization): only the mark shows, at every
 * width (the name stays for screen readers), so that the organization's name beside it has room to be read,
 * also beside a manager's full menu on a desktop.
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm shadow-brand-500/30">
        <GraduationCap className="size-5" aria-hidden="true" />
      </span>
      <span className={`${compact ? "sr-only " : ""}text-lg font-bold tracking-tight text-slate-900`}>{APP_NAME}</span>
    </Link>
  );
}

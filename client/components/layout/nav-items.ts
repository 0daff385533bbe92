import type { CurrentOrganization, CurrentUser } from "#client/features/auth/current-user.js";
import type { TranslationKey } from "#shared/i18n/setup.js";
import { can } from "#shared/permissions.js";

export interface NavItem {
  /** Its words, in the reader's language (SiteNav translates them). */
  label: TranslationKey;
  to: string;
  hash?: string;
  /** Shown as a button rather than a plain link. */
  emphasis?: boolean;
}

/** docs/SPEC.md §2: a visitor's navigation. */
const VISITOR_NAV: readonly NavItem[] = [
  { label: "nav.home", to: "/" },
  { label: "nav.features", to: "/", hash: "features" },
  { label: "nav.about", to: "/", hash: "about" },
  { label: "nav.login", to: "/login", emphasis: true },
];

/**
 * docs/SPEC.md §2: a signed-in user's navigation in organization `org` (the one this tab works in), filtered by
 * the permission table. Links into an organization need its slug, so they are left out without one.
 */
export function navItemsFor(user: CurrentUser | null | undefined, org: CurrentOrganization | null): readonly NavItem[] {
  if (!user) return VISITOR_NAV;
  const items: NavItem[] = [];
  if (org) {
    const base = `/${encodeURIComponent(org.slug)}`;
    items.push({ label: "nav.dashboard", to: `${base}/dashboard` });
    if (can(org.role, "nav.teamAndTags")) {
      items.push({ label: "nav.team", to: `${base}/team` }, { label: "nav.tags", to: `${base}/tags` });
    }
    if (can(org.role, "settings.view")) items.push({ label: "nav.settings", to: `${base}/settings` });
    // Progress reports (decision 0045) for those who answer for the team's training.
    if (can(org.role, "reports.view")) items.push({ label: "nav.reports", to: `${base}/reports` });
    items.push({ label: "nav.courses", to: `${base}/courses` });
  }
  items.push({ label: "nav.account", to: "/account" });
  return items;
}

import { useRouterState } from "@tanstack/react-router";
import { Building2, Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { OfflineBadge } from "#client/features/offline/offline-badge.js";
import { SyncStatus } from "#client/features/offline/sync-status.js";
import { useActiveOrganization } from "#client/features/orgs/route-organization.js";
import { SearchPalette } from "#client/features/search/search-palette.js";
import { Logo } from "./logo.js";
import { navItemsFor } from "./nav-items.js";
import { SiteNav } from "./site-nav.js";

const MOBILE_MENU_ID = "mobile-menu";

// Inside an organization only: its menus (Radix popover and select) stay out of the first page's script.
const OrgSwitcher = lazy(() => import("./org-switcher.js").then((module) => ({ default: module.OrgSwitcher })));

export function AppHeader() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  const org = useActiveOrganization();
  const items = navItemsFor(user, org);
  const [menuOpen, setMenuOpen] = useState(false);
  const href = useRouterState({ select: (state) => state.location.href });

  // A link in the mobile menu leads somewhere else: the menu has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation, which `href` stands for.
  useEffect(() => setMenuOpen(false), [href]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <Logo compact={Boolean(org)} />
        {org && (
          <div className="flex min-w-0 items-center gap-1.5 border-s border-slate-200 ps-2 sm:ps-3">
            <Building2 className="hidden size-4 shrink-0 text-slate-400 sm:block" aria-hidden="true" />
            {/* Up to three lines on a phone, two above, so that organizations whose names start alike are told
                apart, also beside the offline badge, the sync count and the switcher (the whole name is the
                tooltip, and the switcher's list shows every name in full). */}
            <span
              className="line-clamp-3 text-xs leading-tight font-medium break-words text-slate-700 sm:line-clamp-2 sm:text-sm"
              title={org.name}
            >
              <span className="sr-only">{t("nav.currentOrganization")}</span>
              {org.name}
            </span>
            {/* Its trigger button's place is kept while the menus load, so the header does not shift. */}
            <Suspense fallback={<span className="size-7 shrink-0" />}>
              <OrgSwitcher />
            </Suspense>
          </div>
        )}

        <div className="ms-auto flex shrink-0 items-center">
          <OfflineBadge />
          {isPending ? (
            <output className="flex items-center gap-2">
              <span className="sr-only">{t("nav.loading")}</span>
              <Skeleton className="hidden h-8 w-20 md:block" />
              <Skeleton className="hidden h-8 w-20 md:block" />
              <Skeleton className="h-8 w-20" />
            </output>
          ) : (
            <>
              {user && <SyncStatus />}
              {user && org && <SearchPalette orgSlug={org.slug} />}
              <SiteNav items={items} layout="bar" className="hidden md:block" />
              <Button
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-label={t("nav.menu")}
                aria-expanded={menuOpen}
                aria-controls={MOBILE_MENU_ID}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
              </Button>
            </>
          )}
        </div>
      </div>

      {menuOpen && !isPending && (
        <div className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden">
          <SiteNav id={MOBILE_MENU_ID} items={items} layout="menu" />
        </div>
      )}
    </header>
  );
}

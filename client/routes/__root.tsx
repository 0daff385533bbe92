import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, HeadContent, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AppFooter } from "#client/components/layout/app-footer.js";
import { AppHeader } from "#client/components/layout/app-header.js";
import { NotFound } from "#client/components/layout/not-found.js";
import { RouteError } from "#client/components/layout/route-error.js";
import { Toaster } from "#client/components/ui/toaster.js";
import { LanguageSync } from "#client/features/account/language-sync.js";
import { OfflineSync } from "#client/features/offline/offline-sync.js";
import { InstallBanner } from "#client/features/pwa/install-banner.js";
import { ServiceWorkerUpdates } from "#client/features/pwa/update-prompt.js";
import { APP_NAME } from "#shared/constants.js";

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // docs/SPEC.md §1: the product name, unless a page's own `head` names it (routes/…, lib/route-data.ts).
  head: () => ({ meta: [{ title: APP_NAME }] }),
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      <HeadContent />
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-700 focus:shadow-lg focus:outline-2 focus:outline-brand-500"
        >
          {t("nav.skipToContent")}
        </a>
        <AppHeader />
        {/* At least a screen high (less the header's 4rem): the footer starts below the fold and stays there
            while a page's content loads, instead of being pushed down in view (a layout shift). */}
        <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
          <Outlet />
        </main>
        <AppFooter />
      </div>
      <Toaster />
      <InstallBanner />
      <ServiceWorkerUpdates />
      <OfflineSync />
      <LanguageSync />
    </>
  );
}

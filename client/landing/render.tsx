/**
 * Server-side render of the prerendered public pages (the landing page and `/login`), run once at build
 * time (landing-shell.ts): the same route tree and components as the app, for a signed-out visitor, so the
 * static page and the app say the same words. Never part of the browser bundle.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createAppRouter } from "#client/app-router.js";
import { currentUserQueryOptions } from "#client/features/auth/current-user.js";
import { InstallBannerView } from "#client/features/pwa/install-banner.js";
import { LANDING_INSTALL_BANNER_ID } from "#shared/constants.js";

export interface RenderedLanding {
  /** The page at the path asked for, for #root: the app hydrates it. */
  page: string;
  /** The install banner, which the boot script shows by itself (decision 0163); never hydrated. */
  installBanner: string;
}

export async function renderLanding(pathname: string): Promise<RenderedLanding> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [pathname] }));
  await router.load();
  const page = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const installBanner = renderToStaticMarkup(<InstallBannerView titleId={`${LANDING_INSTALL_BANNER_ID}-title`} />);
  return { page, installBanner };
}

/**
 * Server-side render of the landing page, run once at build time (landing-shell.ts): the same route tree
 * and components as the app, for a signed-out visitor, so the static page and the app say the same words.
 * Never part of the browser bundle.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createAppRouter } from "#client/app-router.js";
import { currentUserQueryOptions } from "#client/features/auth/current-user.js";

export async function renderLanding(): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ["/"] }));
  await router.load();
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

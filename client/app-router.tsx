import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { NotFound } from "./components/layout/not-found.js";
import { PageSpinner } from "./components/ui/spinner.js";
import { routeTree } from "./routeTree.gen.js";

/**
 * The app's router: one definition for the browser (main.tsx) and the landing shell's build-time render
 * (landing/render.tsx), which must produce the very markup the browser's router takes over.
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    // docs/SPEC.md §2: a new page starts at the top (at once, whatever the stylesheet's smooth scrolling says)
    // or at the element its hash names (smoothly); going back returns to where the page was left.
    scrollRestoration: true,
    scrollRestorationBehavior: "instant",
    defaultHashScrollIntoView: { behavior: "smooth", block: "start" },
    defaultPendingComponent: () => <PageSpinner />,
    // An unknown path is the app's Not Found page, whichever route it partly matched.
    notFoundMode: "root",
    defaultNotFoundComponent: NotFound,
  });
}

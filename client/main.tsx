import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { NotFound } from "./components/layout/not-found.js";
import { PageSpinner } from "./components/ui/spinner.js";
import { organizationIdOfRoute } from "./features/orgs/route-organization.js";
import { nameOrganizationsFrom, queryClient } from "./lib/trpc.js";
import { routeTree } from "./routeTree.gen.js";
import "./styles.css";

const router = createRouter({
  routeTree,
  context: { queryClient },
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

nameOrganizationsFrom(() => organizationIdOfRoute(router, queryClient));

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

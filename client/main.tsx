import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { getLocationChangeInfo, handleHashScroll } from "@tanstack/router-core";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createAppRouter } from "./app-router.js";
import { loadCurrentUser } from "./features/auth/current-user.js";
import { readOfflineSnapshot } from "./features/offline/use-offline.js";
import { organizationIdOfRoute } from "./features/orgs/route-organization.js";
import { startingLanguage, switchLanguage } from "./lib/i18n.js";
import { forgetPageAnswers, hasPageAnswers } from "./lib/page-answers.js";
import { loadPageAnswers, nameOrganizationsFrom, queryClient } from "./lib/trpc.js";
import "./styles.css";

const router = createAppRouter(queryClient);

nameOrganizationsFrom(() => organizationIdOfRoute(router, queryClient));
// The answers a course or lesson page came with are for that page only (decisions 0220, 0247): kept while its
// first render asks for them, dropped when the router first loads another page.
const stopForgetting = router.subscribe("onBeforeLoad", (event) => {
  if (!event.fromLocation || !event.hrefChanged) return;
  forgetPageAnswers();
  stopForgetting();
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
/**
 * The landing shell's static markup (decision 0160): with the page's route and the visitor known, the
 * app renders exactly that markup, so React takes it over in place instead of replacing it.
 */
async function takeOverLandingShell(container: HTMLElement): Promise<void> {
  await Promise.all([router.load(), loadCurrentUser(queryClient).catch(() => null)]);
  hydrateRoot(container, app);
  window.trainwrightAppStarted = true;
  // A button pressed while the app was loading (the phone menu) does now what it was pressed for.
  const pressed = window.trainwrightPressedBeforeStart;
  if (pressed?.isConnected) setTimeout(() => pressed.click());
}

/**
 * Decision 0249: the router loads the page once more as it mounts (its Transitioner does, unless it hydrates
 * server markup), and finishes a load by updating its store in the first commit. Right after the load
 * before the first render, that second load would rebuild every route match, and either would render the
 * whole page again, synchronously, inside the first commit. So the load done is finished here, before the
 * render (announced as resolved, the router idle), and the mount's call, while the address is still the
 * one loaded, only scrolls to a hash in the address, as the Transitioner does once the page is there.
 */
function finishFirstLoad(): void {
  const change = getLocationChangeInfo(router.state);
  router.emit({ type: "onResolved", ...change });
  router.__store.setState((state) => ({ ...state, status: "idle", resolvedLocation: state.location }));
  const load = router.load;
  router.load = async (options) => {
    router.load = load;
    if (router.latestLocation.href !== router.state.location.href || router.state.isLoading) return load(options);
    if (change.hrefChanged) handleHashScroll(router);
  };
}

/** The first render, once the starting language's catalogue is there (English is bundled: no wait). */
function startApp(container: HTMLElement): void {
  // The prerendered landing shell is English (decision 0160): another language renders the page anew.
  if (container.hasChildNodes() && startingLanguage() === "en") {
    void takeOverLandingShell(container);
    return;
  }
  container.replaceChildren();
  // A transition lets React render the first page in slices of a few milliseconds instead of one long
  // task: on a phone, the page's (and Lighthouse's) total blocking time was mostly this render (decision 0202).
  const reactRoot = createRoot(container);
  const render = () => startTransition(() => reactRoot.render(app));
  // A page that came with its first answers (decision 0220) needs no network to load its route: loaded
  // before React renders, the page mounts in that one sliced render, instead of in the synchronous
  // re-renders that the router's and the queries' store updates cause while it loads (decision 0223).
  // Its other answers and the device's offline records are ready before that render too (decision 0247); the
  // answers are read once the route names the page's organization, which the API client sends with each call.
  if (hasPageAnswers()) {
    const ready = readOfflineSnapshot().catch(() => undefined);
    void router
      .load()
      .then(() => Promise.all([loadPageAnswers(), ready]))
      .finally(() => {
        finishFirstLoad();
        render();
      });
  } else render();
}

const language = startingLanguage();
if (language === "en") startApp(root);
else void switchLanguage(language, true).finally(() => startApp(root));

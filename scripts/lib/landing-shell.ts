/**
 * The landing shell (decision 0160): `/` for a signed-out visitor is static HTML, rendered at build time
 * from the app's own route tree and components (client/landing/render.tsx), with one small script that
 * starts the app on the visitor's first interaction. The SPA's script is not loaded before that, so the
 * landing page fits the first-load budget of decision 0065 whatever the app weighs.
 *
 * A Vite plugin, so `vite build` and `npm run build` both write dist/client/landing.html; the server sends
 * it for `/` when the request carries no session cookie (server/app.ts).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer, type Plugin, type PluginOption } from "vite";
import type { RenderedLanding } from "../../client/landing/render.js";
import {
  INSTALL_BANNER_DISMISSED_KEY,
  LANDING_INSTALL_BANNER_ID,
  LOGIN_FOCUS_DELAY_MS,
  PRERENDERED_PAGES,
  SERVICE_WORKER_URL,
} from "../../shared/constants.js";

/**
 * Runs in the page before the app (no imports: it must stay small). The first pointer, key, touch, wheel or
 * focus event starts the app, which hydrates the static markup in place (client/main.tsx). A button pressed
 * before then (the phone menu, a form's submit button) is remembered, and the app presses it again once it
 * runs; a form is never submitted by the browser itself (it would send a password in the URL); links and
 * the video work without the app. A page with a form focuses its first field after the app's delay
 * (docs/SPEC.md §2, the login page) without that focus starting the app: typing does.
 *
 * What the app does on every page without being asked (docs/SPEC.md §4) starts here too:
 * - the service worker is registered once the page has loaded, as the app registers it;
 * - the browser's install prompt is kept (its own infobar cancelled) and offered in the install banner,
 *   unless the visitor turned the banner down: the boot script shows the banner's static copy from its
 *   template and handles its two buttons itself (decision 0163), so the prompt does not start the app. The
 *   event comes once per page: the app, once started, takes it over from `window.trainwrightInstallPrompt`
 *   (client/features/pwa/use-install-prompt.ts) and its own banner replaces the static one;
 * - a new version found or waiting starts the app, which offers it in its update toast;
 * - a new version taking control reloads the page, until the app watches the worker itself.
 */
function bootScript(entry: string): string {
  return `const events = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel", "focusin"];
let started = false;
let focusingFirstField = false;
function start() {
  if (started || focusingFirstField) return;
  started = true;
  for (const type of events) removeEventListener(type, start, true);
  import(${JSON.stringify(entry)});
}
for (const type of events) addEventListener(type, start, { capture: true, passive: true });
addEventListener("submit", (event) => {
  if (!window.trainwrightAppStarted) event.preventDefault();
}, true);
const firstField = document.querySelector("#root form input");
if (firstField) setTimeout(() => {
  if (started || document.activeElement !== document.body) return;
  focusingFirstField = true;
  firstField.focus();
  focusingFirstField = false;
}, ${LOGIN_FOCUS_DELAY_MS});
const bannerId = ${JSON.stringify(LANDING_INSTALL_BANNER_ID)};
addEventListener("click", (event) => {
  if (window.trainwrightAppStarted || !(event.target instanceof Element)) return;
  const button = event.target.closest("button");
  if (button && !button.closest("#" + bannerId)) window.trainwrightPressedBeforeStart = button;
}, true);
function storeDismissed() {
  try { localStorage.setItem(${JSON.stringify(INSTALL_BANNER_DISMISSED_KEY)}, "true"); } catch {}
}
function showInstallBanner(prompt) {
  const banner = document.getElementById(bannerId + "-template")?.content.querySelector("section")?.cloneNode(true);
  if (!banner) return;
  banner.id = bannerId;
  banner.addEventListener("click", (event) => {
    const action = event.target instanceof Element ? event.target.closest("[data-action]")?.dataset.action : undefined;
    // Once the app has taken the prompt over, its own banner is about to replace this one.
    if (!action || window.trainwrightInstallPrompt !== prompt) return;
    banner.remove();
    window.trainwrightInstallPrompt = undefined;
    if (action === "dismiss") return storeDismissed();
    prompt.prompt().then(() => prompt.userChoice).then((choice) => {
      if (choice.outcome === "dismissed") storeDismissed();
    }, (error) => console.error("The install prompt failed.", error));
  });
  document.body.append(banner);
}
addEventListener("beforeinstallprompt", (event) => {
  if (window.trainwrightInstallPrompt === null) return;
  event.preventDefault();
  window.trainwrightInstallPrompt = event;
  let dismissed = false;
  try { dismissed = localStorage.getItem(${JSON.stringify(INSTALL_BANNER_DISMISSED_KEY)}) === "true"; } catch {}
  if (!dismissed) showInstallBanner(event);
});
addEventListener("appinstalled", () => document.getElementById(bannerId)?.remove());
const workers = navigator.serviceWorker;
if (workers) {
  let controller = workers.controller;
  workers.addEventListener("controllerchange", () => {
    const replaced = controller !== null;
    controller = workers.controller;
    if (replaced && !window.trainwrightWatchesWorker) location.reload();
  });
  addEventListener("load", () => {
    workers.register(${JSON.stringify(SERVICE_WORKER_URL)}, { scope: "/" }).then((registration) => {
      if (!registration) return;
      const update = () => {
        if (workers.controller && (registration.waiting || registration.installing)) start();
      };
      update();
      registration.addEventListener("updatefound", update);
    }, (error) => console.error("The service worker could not be registered.", error));
  }, { once: true });
}
`;
}

/**
 * The built index.html with the rendered page in #root, the install banner's static copy in a template
 * beside it (inert: not even its icon loads until the boot script shows it), and the boot script in place
 * of the app's.
 */
function landingHtml(indexHtml: string, rendered: RenderedLanding, bootPath: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error("landing shell: index.html has no module script to defer");
  // The page's <title> is in the template already; React puts the app's own in <head> when it starts.
  // The router's server-mode inline scripts (scroll restoration) are not the browser's markup, and the
  // Content-Security-Policy would refuse them anyway.
  const body = rendered.page
    .replace(/^<title>[^<]*<\/title>/, "")
    .replace(/<script class="\$tsr">[\s\S]*?<\/script>/g, "");
  return (
    indexHtml
      .replace(entry[0], `<script type="module" crossorigin src="${bootPath}"></script>`)
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
      // The browser's router (not hydrating a server's router state) wraps the page in a Suspense boundary
      // that its server mode leaves out: React marks a boundary with these comments.
      .replace(
        '<div id="root"></div>',
        `<div id="root"><!--$-->${body}<!--/$--></div>` +
          `<template id="${LANDING_INSTALL_BANNER_ID}-template">${rendered.installBanner}</template>`,
      )
  );
}

async function renderPages(root: string, plugins: PluginOption[], pathnames: string[]): Promise<RenderedLanding[]> {
  const server = await createServer({
    configFile: false,
    root,
    plugins,
    logLevel: "warn",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await server.ssrLoadModule("/client/landing/render.tsx")) as {
      renderLanding(pathname: string): Promise<RenderedLanding>;
    };
    const rendered: RenderedLanding[] = [];
    for (const pathname of pathnames) rendered.push(await module.renderLanding(pathname));
    return rendered;
  } finally {
    await server.close();
  }
}

/**
 * `plugins`: what the render needs of the app's own build (the router plugin, for its code splitting:
 * only the landing route's components are loaded, not every page's browser-only libraries).
 */
export function landingShell(plugins: PluginOption[]): Plugin {
  let outDir = "";
  let root = "";
  return {
    name: "trainwright-landing-shell",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = path.dirname(config.root);
    },
    async closeBundle() {
      const indexHtml = readFileSync(path.join(outDir, "index.html"), "utf8");
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml)?.[1];
      if (!entry) throw new Error("landing shell: index.html has no module script");
      const script = bootScript(entry);
      const hash = createHash("sha256").update(script).digest("hex").slice(0, 8);
      const bootPath = `/assets/landing-boot-${hash}.js`;
      mkdirSync(path.join(outDir, "assets"), { recursive: true });
      writeFileSync(path.join(outDir, bootPath), script);
      const pages = Object.entries(PRERENDERED_PAGES);
      const rendered = await renderPages(
        root,
        plugins,
        pages.map(([pathname]) => pathname),
      );
      pages.forEach(([, file], index) => {
        const page = rendered[index];
        if (!page) throw new Error(`landing shell: ${file} was not rendered`);
        writeFileSync(path.join(outDir, file), landingHtml(indexHtml, page, bootPath));
      });
    },
  };
}

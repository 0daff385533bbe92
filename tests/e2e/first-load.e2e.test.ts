import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT } from "../../scripts/lib/compile-hint.js";
import { landingPageScripts } from "../../scripts/lib/landing-scripts.js";
import { adminWithOrg, apiPost, courseWithLessonViaApi } from "./support/api-setup.js";
import { atPath, visible } from "./support/browser.js";
import { harnessSession } from "./support/harness.js";

/**
 * Decisions 0065 and 0251, client side: the landing page's JavaScript before interaction (decision 0160), the
 * static shell turning into the app without a visible change, and pages whose data loads together
 * rather than one request after another (decision 0161).
 */

/** Decision 0065: "the landing page loads at most 100 KB of JavaScript (gzip) before interaction". */
const LANDING_JS_BUDGET_BYTES = 100_000;

const session = harnessSession();

/** React's hydration complaints, which a shell that differs from the app would cause. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

describe("the landing page before and after interaction", () => {
  it("loads at most 100 KB of JavaScript (gzip) before the visitor interacts", async () => {
    const { browser, baseUrl } = session.harness;
    const scripts = await landingPageScripts(browser, `${baseUrl}/`);
    expect(scripts.files, scripts.urls.join("\n")).toBeGreaterThan(0);
    expect(scripts.gzip, scripts.urls.join("\n")).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  });

  it("shows the landing page without the app, which then takes over on the first touch", async () => {
    const page = await session.open(375);
    const errors = hydrationErrors(page);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1 }));
    expect(await page.evaluate(() => window.trainwrightAppStarted ?? false)).toBe(false);

    // Pressed while the app is not running yet: the menu opens once the app has started.
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = await visible(page.locator("#mobile-menu"));
    await visible(menu.getByRole("link", { name: "Log In" }));
    expect(await page.evaluate(() => window.trainwrightAppStarted ?? false)).toBe(true);
    expect(errors).toEqual([]);

    // The app's own navigation from here on: no new document is loaded.
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await menu.getByRole("link", { name: "Log In" }).click();
    await atPath(page, "/login");
    await visible(page.getByRole("heading", { name: "Welcome back" }));
    expect(navigations.filter((url) => !url.includes("/login"))).toEqual([]);
  });

  it("gives a signed-in visitor the app at /, with their own call to action", async () => {
    const page = await session.open(1280);
    await adminWithOrg(page);
    await page.goto("/");
    await visible(page.getByRole("link", { name: "Go to Dashboard" }));
    expect(await page.getByRole("link", { name: "Get Started For Free" }).count()).toBe(0);
  });
});

describe("a page's data loads together", () => {
  it("opens a course page and a lesson page from the answers in their HTML, without the API", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    const { courseId, lessonId } = await courseWithLessonViaApi(
      page,
      { title: "Forklift Safety" },
      { title: "Checking the forks" },
    );

    // Decision 0220: the session, the organizations and the page's record come with the page itself, so
    // the pages open with every API call held back. Decision 0247: so do the reads of the course page's
    // panels (the admin's assigned people, the caller's training and sign-offs, the tag colours).
    const held: Route[] = [];
    await page.route("**/_api/trpc/**", (route) => void held.push(route));
    await page.goto(`/${org.slug}/courses/${courseId}`);
    await visible(page.getByRole("heading", { name: "Forklift Safety", level: 1 }));
    await visible(page.getByText("Nobody is assigned by name."));
    await visible(page.getByRole("button", { name: "Make available offline" }));
    await page.goto(`/${org.slug}/lessons/${lessonId}`);
    await visible(page.getByRole("heading", { name: "Checking the forks", level: 1 }));
    await page.unroute("**/_api/trpc/**");
    await Promise.all(held.map((route) => route.abort().catch(() => {})));
  });

  it("runs a course page and a lesson page on the entry script alone, compiled as it downloads", async () => {
    const page = await session.open(1280);
    const { org } = await adminWithOrg(page);
    const course = await apiPost<{ id: number }>(page, "/_api/courses/create", { title: "Dock Safety" });
    const module = await apiPost<{ id: number }>(page, "/_api/modules/create", { courseId: course.id, title: "Yard" });
    const lesson = await apiPost<{ id: number }>(page, "/_api/lessons/create", { moduleId: module.id, title: "Cones" });

    // Decision 0250: the two routes' code comes with the entry (no route scripts named beside it), and the
    // entry starts with V8's compile hint.
    let entryPath = "";
    for (const path of [`/${org.slug}/courses/${course.id}`, `/${org.slug}/lessons/${lesson.id}`]) {
      const html = await (await page.request.get(path)).text();
      const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g)].map((match) => match[1]);
      expect(entries, path).toHaveLength(1);
      expect(html, path).not.toContain('rel="modulepreload"');
      entryPath = entries[0] ?? "";
      const entry = await (await page.request.get(entryPath)).text();
      expect(entry.startsWith(COMPILE_HINT), path).toBe(true);
    }

    // With every other script held back, both pages still show their record: nothing else is needed for it.
    const held: Route[] = [];
    await page.route("**/assets/*.js", (route) => {
      if (new URL(route.request().url()).pathname === entryPath) void route.continue();
      else held.push(route);
    });
    // The held scripts may hold back the load event: wait for the page's content instead.
    await page.goto(`/${org.slug}/courses/${course.id}`, { waitUntil: "commit" });
    await visible(page.getByRole("heading", { name: "Dock Safety", level: 1 }));
    await visible(page.getByRole("link", { name: "Cones" }));
    await page.goto(`/${org.slug}/lessons/${lesson.id}`, { waitUntil: "commit" });
    await visible(page.getByRole("heading", { name: "Cones", level: 1 }));
    await page.unroute("**/assets/*.js");
    await Promise.all(held.map((route) => route.continue().catch(() => {})));
  });

  it("scrolls to the module its address names when it opens from its answers (docs/SPEC.md §2)", async () => {
    const page = await session.open(375);
    const { org } = await adminWithOrg(page);
    const course = await apiPost<{ id: number }>(page, "/_api/courses/create", {
      title: "Yard Work",
      status: "published",
    });
    let last = 0;
    for (const title of ["Gates", "Lanes", "Parking", "Loading", "Weather", "Night shifts"]) {
      last = (await apiPost<{ id: number }>(page, "/_api/modules/create", { courseId: course.id, title })).id;
    }
    // Decision 0249: main.tsx finishes the first load instead of the router's second one; the page still
    // opens at the element its hash names.
    await page.goto(`/${org.slug}/courses/${course.id}#module-${last}`);
    const target = page.locator(`#module-${last}`);
    await visible(target);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Scrolled until the module's card is in view (as far as the page's length lets it rise).
    await expect
      .poll(() => target.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight / 2))
      .toBe(true);
  });
});

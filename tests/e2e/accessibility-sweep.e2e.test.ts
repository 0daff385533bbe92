/**
 * Every screen of the app, whole (header, footer, dialogs and toasts included), at both widths, as the
 * access levels that see it: axe finds nothing serious or critical (docs/DESIGN.md §7). The screens'
 * own journeys are tested elsewhere; this file only opens each one in a settled state and scans it.
 * Data is made once, through the API; each width is one browser profile, signed in as each person in turn.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { THREE_QUESTIONS } from "../support/quiz-questions.js";
import {
  acceptInviteViaApi,
  apiGet,
  apiPost,
  courseWithLessonViaApi,
  createOrgViaApi,
  departmentWithRoles,
  inviteViaApi,
  newPerson,
  type OrgRef,
  type Person,
  registerViaApi,
} from "./support/api-setup.js";
import { toast, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look, SERIOUS_OR_CRITICAL } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";
import { completeHere } from "./support/offline-course.js";

const session = harnessSession();

const CHECKLIST =
  '<p>Before the first lift:</p><ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label>' +
  '<input type="checkbox"><span></span></label><div><p>Helmet on</p></div></li><li data-checked="false" ' +
  'data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>Brakes tested</p></div></li></ul>';

interface World {
  org: OrgRef;
  admin: Person;
  learner: Person;
  /** Signed up, in no organization yet. */
  newcomer: Person;
  learnerId: number;
  courseId: number;
  lessons: { plain: number; check: number; signoff: number; signed: number; checklist: number };
  /** A lesson per width, for the learner to complete with no connection (a lesson is completed once). */
  toCompleteOffline: Map<number, number>;
  /** An invitation nobody has accepted: the invite page as an invitee first sees it. */
  pendingInvite: string;
  /** The learner's certificate's public page. */
  verifyPath: string;
}

let world: World;

beforeAll(async () => {
  const admin = await session.open(1280);
  const adminPerson = await registerViaApi(admin, newPerson("Admin"));
  const learnerPage = await session.open(1280);
  const learner = await registerViaApi(learnerPage, newPerson("Learner"));
  // A second organization first: /select-org then has a choice, and the sweep's one stays current.
  await createOrgViaApi(admin, { name: "Yarrow Street Kitchen" });
  const org = await createOrgViaApi(admin, { name: "Yarrow Bakery & Café" });
  const kitchen = await departmentWithRoles(admin, { name: "Kitchen" }, ["Line Cook"]);
  const course = await courseWithLessonViaApi(
    admin,
    { title: "Forklift Basics" },
    { title: "Welcome", content: "<p>Read this before your first shift.</p>" },
  );
  const lesson = (title: string, content: string) =>
    apiPost<{ id: number }>(admin, "/_api/lessons/create", { moduleId: course.moduleId, title, content });
  const check = await lesson("Safe Speeds", "<p>Drive slowly with the forks low.</p>");
  await apiPost(admin, "/_api/quizzes/save", {
    lessonId: check.id,
    passPercent: 100,
    maxAttempts: null,
    shuffle: false,
    questions: THREE_QUESTIONS,
  });
  const signoff = await lesson("Lockout Procedure", "<p>Lock the isolator and keep the key.</p>");
  await apiPost(admin, "/_api/lessons/update", { id: signoff.id, requiresSignoff: true });
  const signed = await lesson("Hot Oil Handling", "<p>Let the fryer cool before you drain it.</p>");
  await apiPost(admin, "/_api/lessons/update", { id: signed.id, requiresSignoff: true });
  const checklist = await lesson("Daily Checks", CHECKLIST);
  const toCompleteOffline = new Map<number, number>();
  for (const width of WIDTHS) {
    toCompleteOffline.set(width, (await lesson(`Closing Down (${width})`, "<p>Switch off and charge.</p>")).id);
  }

  await acceptInviteViaApi(
    learnerPage,
    await inviteViaApi(admin, learner, { role: "learner", tagIds: [kitchen.id, ...kitchen.roleIds] }),
  );
  await apiPost(learnerPage, "/_api/lessons/complete", { lessonId: course.lessonId });
  const { version } = await apiGet<{ version: number }>(learnerPage, `/_api/lessons/signoff?lessonId=${signed.id}`);
  await apiPost(learnerPage, "/_api/lessons/sign", {
    lessonId: signed.id,
    version,
    fullName: learner.name,
    agreed: true,
  });
  // A certification the learner holds: the certificates screens and the public verification page.
  const certification = await courseWithLessonViaApi(
    admin,
    { title: "Allergen Awareness" },
    { title: "The Fourteen Allergens", content: "<p>Know them by name.</p>" },
  );
  await apiPost(admin, "/_api/courses/update", {
    id: certification.courseId,
    certification: { validityMonths: 12, recertifyDaysBefore: 30 },
  });
  await apiPost(learnerPage, "/_api/lessons/complete", { lessonId: certification.lessonId });
  const certificates = await apiGet<{ courseId: number; verificationCode: string }[]>(
    learnerPage,
    "/_api/certificates/mine",
  );
  const certificate = certificates.find((held) => held.courseId === certification.courseId);
  if (!certificate) throw new Error("The learner holds no certificate.");
  // An organization of their own too: the learner's header has the organization switcher, its fullest on a phone.
  await createOrgViaApi(learnerPage, { name: "Yarrow Pop-up" });
  const members = await apiGet<{ id: number; email: string }[]>(admin, "/_api/team/members");
  const learnerRow = members.find((member) => member.email === learner.email);
  if (!learnerRow) throw new Error("The learner is not listed as a member.");

  const newcomer = await registerViaApi(await session.open(1280), newPerson("Newcomer"));

  world = {
    newcomer,
    org,
    admin: adminPerson,
    learner,
    learnerId: learnerRow.id,
    courseId: course.courseId,
    lessons: {
      plain: course.lessonId,
      check: check.id,
      signoff: signoff.id,
      signed: signed.id,
      checklist: checklist.id,
    },
    toCompleteOffline,
    verifyPath: `/verify/${certificate.verificationCode}`,
    pendingInvite: await inviteViaApi(admin, { name: "Pat Newcomer", email: `pat.${Date.now()}@example.com` }),
  };
});

/**
 * Waits until the screen has stopped arriving: its main heading is shown, no placeholder or spinner is
 * left, and no transition is running (a toast or dialog fading in would be measured half transparent).
 */
async function settled(page: Page, ready?: Locator): Promise<void> {
  await visible(ready ?? page.getByRole("heading", { level: 1 }));
  await page.waitForFunction(
    () =>
      document.querySelector(".animate-pulse, .animate-spin") === null &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
}

async function signInAs(page: Page, person: Person): Promise<void> {
  await page.request.post("/_api/auth/logout");
  await apiPost(page, "/_api/auth/login", { email: person.email, password: person.password });
}

describe.each(WIDTHS)("every screen at %i px", (width) => {
  it("has no serious or critical accessibility problem anywhere on the page", { timeout: 120_000 }, async () => {
    const page = await session.open(width);
    const problems: Record<string, string[]> = {};
    const scan = async (screen: string, ready?: Locator) => {
      await settled(page, ready);
      const found = await accessibilityProblems(page, "body", { impacts: SERIOUS_OR_CRITICAL });
      if (found.length > 0) problems[screen] = found;
    };
    const open = async (screen: string, path: string, ready?: (page: Page) => Locator) => {
      await page.goto(path);
      await scan(screen, ready?.(page));
    };
    const { org, lessons } = world;
    const at = (path: string) => `/${org.slug}${path}`;

    // Signed out.
    await open("landing", "/");
    await open("sign-in", "/login");
    await open("sign-up", "/login?signup=true");
    await open("forgot password", "/forgot-password");
    await open("reset password, dead link", "/reset-password?token=no-such-token", (p) =>
      p.getByRole("link", { name: /new link/i }),
    );
    await open("invite page", world.pendingInvite, (p) => p.getByText(/has invited you to join/));
    // The offline page stays only while the server cannot be reached (it goes home once it answers).
    const serverUnreachable = (url: URL) => url.pathname === "/";
    await page
      .context()
      .route(serverUnreachable, (route) => (route.request().method() === "HEAD" ? route.abort() : route.continue()));
    await open("offline page", "/offline", (p) => p.getByRole("button", { name: "Retry Connection" }));
    await page.context().unroute(serverUnreachable);
    await open("tour", "/demo");
    await open("logged out", "/logged-out");
    await open("unsubscribe", "/unsubscribe?token=no-such-token");
    await open("not found", "/no/such/page");
    await open("certificate verification", world.verifyPath, (p) => p.getByText("Allergen Awareness").first());
    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(world.learner.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await scan("error toast", page.locator("[data-sonner-toast][data-type=error]"));

    await signInAs(page, world.newcomer);
    await open("setup-org", "/setup-org");

    // A learner's views.
    await signInAs(page, world.learner);
    await open("learner dashboard", at("/dashboard"), (p) => p.getByRole("link", { name: /Forklift Basics/ }).first());
    await open("learner courses", at("/courses"), (p) => p.getByRole("link", { name: /Forklift Basics/ }).first());
    await open("learner course page", at(`/courses/${world.courseId}`), (p) => p.getByText("Daily Checks").first());
    await open("lesson", at(`/lessons/${lessons.plain}`), (p) => p.getByText("Read this before your first shift."));
    await open("lesson with a knowledge check", at(`/lessons/${lessons.check}`), (p) =>
      p.getByRole("region", { name: "Knowledge check" }),
    );
    const check = page.getByRole("region", { name: "Knowledge check" });
    for (const answer of ["Low", "Brakes", "True"]) await check.getByLabel(answer, { exact: true }).check();
    await check.getByRole("button", { name: "Submit answers" }).click();
    await scan("knowledge check answered", check.getByRole("button", { name: "Try again" }));
    await open("lesson with sign-off", at(`/lessons/${lessons.signoff}`), (p) =>
      p.getByRole("region", { name: "Sign-off" }),
    );
    await open("lesson signed", at(`/lessons/${lessons.signed}`), (p) => p.getByRole("region", { name: "Sign-off" }));
    await open("lesson with a checklist", at(`/lessons/${lessons.checklist}`), (p) => p.getByText("Brakes tested"));

    // No connection, and work waiting to sync: the header shows both, and still the organization's name.
    await open("lesson to complete", at(`/lessons/${world.toCompleteOffline.get(width)}`));
    await page.context().setOffline(true);
    await completeHere(page);
    const header = page.getByRole("banner");
    await visible(header.getByText("1 waiting to sync"));
    await scan("header offline, work waiting to sync", header.getByText("Offline"));
    await look(page, "accessibility-sweep-header-offline", { fullPage: false });
    const orgName = header.getByTitle(org.name, { exact: true });
    expect(await orgName.evaluate((name) => name.scrollHeight <= name.clientHeight + 1), "organization name cut").toBe(
      true,
    );
    await page.context().setOffline(false);
    await open("learner certificates", at("/certificates"), (p) => p.getByText("Allergen Awareness").first());
    await open("learner account", "/account");

    // An admin's views.
    await signInAs(page, world.admin);
    await open("setup-org", "/setup-org");
    await open("select-org", "/select-org", (p) => p.getByText("Yarrow Street Kitchen").first());
    await open("onboarding", "/onboarding");
    await open("dashboard", at("/dashboard"));
    if (width < 768) {
      await page.getByRole("button", { name: "Menu" }).click();
      await scan("menu open", page.getByRole("link", { name: "Team" }));
      await page.keyboard.press("Escape");
    }
    await page.getByRole("button", { name: /Switch/ }).click();
    await scan("organization switcher open", page.getByRole("dialog", { name: "Switch organization" }));
    await page.keyboard.press("Escape");
    await open("courses", at("/courses"), (p) => p.getByRole("link", { name: /Forklift Basics/ }).first());
    await open("course page", at(`/courses/${world.courseId}`), (p) => p.getByText("Daily Checks").first());
    await open("course create", at("/courses/create"), (p) => p.getByLabel("Title", { exact: false }).first());
    await open("course edit", at(`/courses/${world.courseId}/edit`), (p) =>
      p.getByLabel("Title", { exact: false }).first(),
    );
    await open("course content", at(`/courses/${world.courseId}/content`), (p) => p.getByText("Daily Checks").first());
    await open("lesson editor", at(`/lessons/${lessons.signoff}/edit`), (p) => p.locator(".ProseMirror"));
    await open("sign-off history", at(`/lessons/${lessons.signed}/history`));
    await open("sign-off report", at(`/reports/signoffs/${lessons.signed}`), (p) =>
      p.getByText(world.learner.name).first(),
    );
    await open("reports matrix", at("/reports"), (p) => p.getByText(world.learner.name).first());
    await open("course report", at(`/reports/courses/${world.courseId}`), (p) =>
      p.getByText(world.learner.name).first(),
    );
    await open("member report", at(`/reports/members/${world.learnerId}`), (p) =>
      p.getByText("Forklift Basics").first(),
    );
    await open("tags", at("/tags"), (p) => p.getByText("Line Cook").first());
    await open("settings", at("/settings"));
    await open("certificates", at("/certificates"), (p) => p.getByText(world.learner.name).first());
    await open("account", "/account");
    await open("team", at("/team"), (p) => p.getByText(world.learner.name).first());

    await page.getByRole("button", { name: "Invite Member" }).click();
    await scan("invite dialog", page.getByRole("dialog", { name: /Invite/ }));
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Invite Several" }).click();
    await scan("invite several dialog", page.getByRole("dialog", { name: "Invite Several People" }));
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: `Edit ${world.learner.name}` }).click();
    await scan("edit member dialog", page.getByRole("dialog"));
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Search" }).first().click();
    await scan("search palette", page.getByRole("dialog", { name: "Search" }));
    await page.getByRole("combobox", { name: "Search courses and lessons" }).fill("Lockout");
    await scan("search palette with hits", page.getByRole("option", { name: /Lockout Procedure/ }));
    await page.keyboard.press("Escape");

    await page.goto(at("/tags"));
    await page.getByRole("button", { name: "Add Department" }).first().click();
    const department = page.getByRole("dialog", { name: "Create New Department" });
    await department.getByLabel("Name", { exact: true }).fill(`Front of House ${width}`);
    await page.keyboard.press("Enter");
    await toast(page, "Tag created successfully!");
    await scan("success toast", page.locator("[data-sonner-toast][data-type=success]"));

    expect(problems).toEqual({});
  });
});

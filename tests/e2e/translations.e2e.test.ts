import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SIGNOFF_MESSAGES } from "#shared/signoff-texts.js";
import { adminWithOrg, apiPost, inviteAndJoin, type Person } from "./support/api-setup.js";
import { toast, visible, WIDTHS } from "./support/browser.js";
import { accessibilityProblems, look } from "./support/checks.js";
import { harnessSession } from "./support/harness.js";

/**
 * A lesson in the reader's language (docs/decisions/0410, 0411, 0413): a learner whose browser speaks
 * Spanish reads a procedure's Spanish translation, switches to the original and back, and signs it in
 * Spanish; once the original changes, the translation is outdated: the learner reading it cannot sign it,
 * and sees the current original with a note, which they can sign.
 */

const session = harnessSession();

/** A browser whose languages are Spanish first, as a Spanish-speaking cook's phone. */
async function spanishBrowser(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "languages", { get: () => ["es-ES", "es"] });
    Object.defineProperty(navigator, "language", { get: () => "es-ES" });
  });
}

async function scene(width: number) {
  const admin = await session.open(width);
  const { org } = await adminWithOrg(admin, { name: "Cocina Central" });
  const cook = await session.open(width);
  await spanishBrowser(cook);
  const cookPerson = await inviteAndJoin(admin, cook, "learner");
  const second = await session.open(width);
  await spanishBrowser(second);
  const secondPerson = await inviteAndJoin(admin, second, "user");
  const course = await apiPost<{ id: number }>(admin, "/_api/courses/create", {
    title: "Kitchen Safety",
    status: "published",
  });
  const module = await apiPost<{ id: number }>(admin, "/_api/modules/create", { courseId: course.id, title: "SOPs" });
  const created = await apiPost<{ id: number }>(admin, "/_api/lessons/create", {
    moduleId: module.id,
    title: "Knife handling",
    content: "<p>Always cut away from your body.</p>",
  });
  const lesson = await apiPost<{ id: number; version: number }>(admin, "/_api/lessons/update", {
    id: created.id,
    requiresSignoff: true,
  });
  await apiPost(admin, "/_api/lessons/translations/save", {
    lessonId: lesson.id,
    language: "es",
    title: "Manejo de cuchillos",
    content: "<p>Corta siempre en dirección contraria a tu cuerpo.</p>",
  });
  return { slug: org.slug, admin, cook, cookPerson, second, secondPerson, lessonId: lesson.id };
}

async function fillSignature(page: Page, person: Person): Promise<void> {
  const panel = await visible(page.getByRole("region", { name: "Sign-off" }));
  await panel.getByLabel("I have read and understood this procedure").check();
  await panel.getByLabel("Full name").fill(person.name);
  await panel.getByRole("button", { name: "Sign" }).click();
}

describe("a lesson in the reader's language", () => {
  it.each(
    WIDTHS,
  )("at %i px: read in Spanish, switch, sign; an outdated translation cannot be signed", async (width) => {
    const { slug, admin, cook, cookPerson, second, secondPerson, lessonId } = await scene(width);
    const name = `translations-${width}`;

    await cook.goto(`/${slug}/lessons/${lessonId}`);
    await visible(cook.getByRole("heading", { level: 1, name: "Manejo de cuchillos" }));
    const bar = await visible(cook.getByRole("region", { name: "Language" }));
    await visible(bar.getByText("Shown in Español."));
    await visible(cook.getByText("Corta siempre en dirección contraria a tu cuerpo."));
    await look(cook, `${name}-spanish`);
    expect(await accessibilityProblems(cook)).toEqual([]);

    // The switch shows the original, and back.
    await bar.getByRole("button", { name: "Show the original" }).click();
    await visible(cook.getByRole("heading", { level: 1, name: "Knife handling" }));
    await visible(cook.getByText("Always cut away from your body."));
    await look(cook, `${name}-original`);
    await bar.getByRole("button", { name: "Read in Español" }).click();
    await visible(cook.getByRole("heading", { level: 1, name: "Manejo de cuchillos" }));

    // Signed in Spanish: the signature names the language and the translation's version.
    await fillSignature(cook, cookPerson);
    await toast(cook, "Signed. Thank you!");
    await visible(cook.getByText(/^You signed this procedure/));

    // The second member opens the Spanish text; meanwhile the original changes: signing it is refused.
    await second.goto(`/${slug}/lessons/${lessonId}`);
    await visible(second.getByRole("heading", { level: 1, name: "Manejo de cuchillos" }));
    await apiPost(admin, "/_api/lessons/update", {
      id: lessonId,
      content: "<p>Always cut away from your body, on a board.</p>",
    });
    await fillSignature(second, secondPerson);
    const panel = second.getByRole("region", { name: "Sign-off" });
    // What they read is no longer the procedure: refused (lessons/sign refuses the version, and an outdated
    // translation at any version: tests/api/translations), nothing signed.
    await visible(panel.getByRole("alert").getByText(SIGNOFF_MESSAGES.staleVersion));
    await look(second, `${name}-refused`);

    // Opened again: the current original with a note, which they sign.
    await second.reload();
    await visible(second.getByRole("heading", { level: 1, name: "Knife handling" }));
    await visible(second.getByRole("note").getByText(/The Español translation is out of date/));
    await visible(second.getByText("Always cut away from your body, on a board."));
    await look(second, `${name}-outdated`);
    expect(await accessibilityProblems(second)).toEqual([]);
    await fillSignature(second, secondPerson);
    await toast(second, "Signed. Thank you!");
    await visible(second.getByText(/^You signed this procedure/));
  });
});

import { describe, expect, it } from "vitest";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok } from "../support/org-fixtures.js";
import { hitsOf, search, snippetText } from "../support/search-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Search over translated content (docs/decisions/0412-search-stemming-per-language.md): a Spanish
 * translation is found with Spanish word forms, an English one with English stemming, drafts stay hidden
 * from learners, and another organization's translations are never found.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "translation-search"));
const stranger = suiteFixture(() => staffedOrganization(app, "translation-search-other"));

async function translatedCourse(status: "published" | "draft") {
  const api = staff.admin.api;
  const course = await createCourse(api, { title: `Kitchen ${status}`, status });
  const module = await createModule(api, course.id, "Prep");
  const lesson = await createLesson(api, module.id, { title: "Knife safety", content: "<p>Cut away from you.</p>" });
  ok(
    await api.post("/_api/lessons/translations/save", {
      lessonId: lesson.id,
      language: "es",
      title: `Seguridad con cuchillos ${status}`,
      content: "<p>Los cocineros cortan los camiones de verduras lejos del cuerpo.</p>",
    }),
  );
  ok(
    await api.post("/_api/courses/translations/save", {
      courseId: course.id,
      language: "es",
      title: `Cocina ${status}`,
      description: "Procedimientos de la cocina",
    }),
  );
  return { course, lesson };
}

describe("search over translations", () => {
  it("finds a Spanish lesson by another form of its words, accents aside, and its course by its Spanish title", async () => {
    const { lesson } = await translatedCourse("published");
    // "camion" (no accent, singular) finds "camiones"; "cocinero" finds "cocineros".
    const hits = await search(staff.learner.api, "camion cocinero");
    expect(hitsOf(hits)).toEqual(["lesson:Seguridad con cuchillos published"]);
    expect(hits[0]).toMatchObject({ id: lesson.id, lessonId: lesson.id });
    expect(snippetText(hits[0])).toContain("camiones");
    expect(hitsOf(await search(staff.learner.api, "procedimientos cocina"))).toContain("course:Cocina published");
  });

  it("keeps drafts' translations from learners, and a save replaces the old wording in the index", async () => {
    const { lesson } = await translatedCourse("draft");
    expect(hitsOf(await search(staff.learner.api, "seguridad draft"))).toEqual([]);
    expect(hitsOf(await search(staff.teacher.api, "seguridad draft"))).toEqual([
      "lesson:Seguridad con cuchillos draft",
    ]);
    ok(
      await staff.admin.api.post("/_api/lessons/translations/save", {
        lessonId: lesson.id,
        language: "es",
        title: "Uso del cuchillo draft",
      }),
    );
    expect(hitsOf(await search(staff.teacher.api, "seguridad draft"))).toEqual([]);
    expect(hitsOf(await search(staff.teacher.api, "cuchillo draft"))).toEqual(["lesson:Uso del cuchillo draft"]);
  });

  it("an English translation is stemmed as English", async () => {
    const api = staff.admin.api;
    const course = await createCourse(api, { title: "Cocina básica", status: "published" });
    const module = await createModule(api, course.id, "Preparación");
    const lesson = await createLesson(api, module.id, { title: "Limpieza" });
    ok(
      await api.post("/_api/lessons/translations/save", {
        lessonId: lesson.id,
        language: "en",
        title: "Cleaning",
        content: "<p>Sanitizing the counters after every shift.</p>",
      }),
    );
    expect(hitsOf(await search(staff.learner.api, "sanitize counter"))).toEqual(["lesson:Cleaning"]);
  });

  it("another organization never finds them", async () => {
    await translatedCourse("published");
    expect(await search(stranger.admin.api, "cocineros")).toEqual([]);
  });
});

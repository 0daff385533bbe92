import { describe, expect, it } from "vitest";
import { CourseTranslation, LessonTranslation, SignedTranslation } from "#server/entities.js";
import type { CourseViewInLanguage, LessonPageInLanguage } from "#server/modules/courses/index.js";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { EditorQuizView } from "#server/modules/quizzes/quizzes.presenter.js";
import type {
  CourseTranslationView,
  LessonTranslationView,
} from "#server/modules/translations/translations.presenter.js";
import { LANGUAGE_INVALID } from "#shared/schemas/content-languages.js";
import { TRANSLATION_MESSAGES as T } from "#shared/schemas/translations.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { saveCheck, THREE_QUESTIONS } from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Translated content (docs/decisions/0410-translations-as-versions.md, 0411-signing-a-translation.md):
 * authors save translations of a course and its lessons; learners read them through lessons/get and
 * courses/get with a language; a change of the source makes them outdated, and an outdated translation
 * cannot be signed.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "translations"));
const stranger = suiteFixture(() => staffedOrganization(app, "translations-other"));

const lessonGet = (api: ApiClient, id: number, language?: string) =>
  api.get("/_api/lessons/get", { id: String(id), ...(language ? { language } : {}) });

const saveLessonTranslation = (api: ApiClient, body: Record<string, unknown>) =>
  api.post("/_api/lessons/translations/save", body);

const translationsOf = async (lessonId: number) =>
  ok<LessonTranslationView[]>(
    await staff.teacher.api.get("/_api/lessons/translations/list", { lessonId: String(lessonId) }),
  );

/** A published course, "Forklift licence", with a sign-off lesson "Lockout" (version 2) holding a check. */
async function courseWithProcedure() {
  const api = staff.admin.api;
  const course = await createCourse(api, {
    title: "Forklift licence",
    description: "Drive safely",
    status: "published",
  });
  const module = await createModule(api, course.id, "Driving");
  const created = await createLesson(api, module.id, { title: "Lockout", content: "<p>Lock the truck.</p>" });
  const lesson = ok<LessonView>(await api.post("/_api/lessons/update", { id: created.id, requiresSignoff: true }));
  const check = ok<EditorQuizView>(await saveCheck(api, { lessonId: lesson.id, questions: THREE_QUESTIONS }));
  return { course, module, lesson, check };
}

/** The Spanish translation of the lesson, the first question and its options translated. */
function spanishOf(lessonId: number, check: EditorQuizView) {
  const [first] = check.questions;
  if (!first) throw new Error("the check has questions");
  return {
    lessonId,
    language: "es",
    title: "Bloqueo",
    content: "<p>Bloquea el camión.</p>",
    questions: [
      {
        id: first.id,
        prompt: "¿A qué altura de horquillas es seguro conducir?",
        options: first.options.map((option, index) => ({ id: option.id, text: `Opción ${index + 1}` })),
      },
    ],
  };
}

const signBody = (lessonId: number, version: number, fullName: string, extra: Record<string, unknown> = {}) => ({
  lessonId,
  version,
  fullName,
  agreed: true,
  ...extra,
});

describe("lesson translations", () => {
  it("an author saves a translation; the list names it current, with the source it was made from", async () => {
    const { lesson, check } = await courseWithProcedure();
    const saved = ok<LessonTranslationView>(
      await saveLessonTranslation(staff.teacher.api, spanishOf(lesson.id, check)),
    );
    expect(saved).toMatchObject({
      lessonId: lesson.id,
      language: "es",
      title: "Bloqueo",
      content: "<p>Bloquea el camión.</p>",
      version: 1,
      sourceVersion: lesson.version,
      outdated: false,
      sourceThen: { title: "Lockout", content: "<p>Lock the truck.</p>" },
    });
    expect(saved.questions[0]?.prompt).toBe("¿A qué altura de horquillas es seguro conducir?");
    // Saving again replaces it and counts its version.
    const again = ok<LessonTranslationView>(
      await saveLessonTranslation(staff.teacher.api, { ...spanishOf(lesson.id, check), title: "Bloqueo y etiquetado" }),
    );
    expect(again).toMatchObject({ version: 2, title: "Bloqueo y etiquetado" });
    expect(
      (await translationsOf(lesson.id)).map(({ language, version, outdated }) => ({ language, version, outdated })),
    ).toEqual([{ language: "es", version: 2, outdated: false }]);
  });

  it("content is sanitized like the lesson's", async () => {
    const { lesson, check } = await courseWithProcedure();
    const saved = ok<LessonTranslationView>(
      await saveLessonTranslation(staff.admin.api, {
        ...spanishOf(lesson.id, check),
        content: '<p onclick="x()">Hola</p><script>alert(1)</script>',
      }),
    );
    expect(saved.content).toBe("<p>Hola</p>");
  });

  it("refuses a question or option that is not the lesson's check, and an unknown language", async () => {
    const { lesson, check } = await courseWithProcedure();
    const body = spanishOf(lesson.id, check);
    expect(
      refusal(await saveLessonTranslation(staff.admin.api, { ...body, questions: [{ id: 2_000_000, prompt: "x" }] })),
    ).toEqual({ status: 400, error: T.questionNotInCheck });
    const other = check.questions[1];
    const wrongOption = { ...body.questions[0], options: [{ id: other?.options[0]?.id, text: "x" }] };
    expect(refusal(await saveLessonTranslation(staff.admin.api, { ...body, questions: [wrongOption] }))).toEqual({
      status: 400,
      error: T.questionNotInCheck,
    });
    expect(refusal(await saveLessonTranslation(staff.admin.api, { ...body, language: "xx" }))).toEqual({
      status: 400,
      error: LANGUAGE_INVALID,
    });
    expect(await translationsOf(lesson.id)).toEqual([]);
  });

  it("learners and users read translations but save none", async () => {
    const { lesson, check } = await courseWithProcedure();
    for (const who of [staff.learner, staff.user]) {
      expect(refusal(await saveLessonTranslation(who.api, spanishOf(lesson.id, check))).status).toBe(403);
      expect(
        refusal(await who.api.get("/_api/lessons/translations/list", { lessonId: String(lesson.id) })).status,
      ).toBe(403);
    }
    expect(await translationsOf(lesson.id)).toEqual([]);
  });
});

describe("lessons/get in a language", () => {
  it("answers as before without a language, and with one where no translation exists says it answers the source", async () => {
    const { lesson } = await courseWithProcedure();
    const plain = ok<Record<string, unknown>>(await lessonGet(staff.learner.api, lesson.id));
    expect(plain).not.toHaveProperty("language");
    expect(plain).not.toHaveProperty("translations");
    const asked = ok<LessonPageInLanguage>(await lessonGet(staff.learner.api, lesson.id, "es"));
    expect(asked).toMatchObject({ title: "Lockout", language: null, translation: null, translations: [] });
  });

  it("answers the translation's title, content and check, saying so; the source stays one call away", async () => {
    const { lesson, check } = await courseWithProcedure();
    ok(await saveLessonTranslation(staff.admin.api, spanishOf(lesson.id, check)));
    const page = ok<LessonPageInLanguage>(await lessonGet(staff.learner.api, lesson.id, "es"));
    expect(page).toMatchObject({
      title: "Bloqueo",
      content: "<p>Bloquea el camión.</p>",
      language: "es",
      translation: { language: "es", version: 1, outdated: false },
      translations: [{ language: "es", outdated: false }],
      version: lesson.version,
    });
    const [first, second] = check.questions;
    const translatedFirst = page.quiz?.questions.find((question) => question.id === first?.id);
    expect(translatedFirst?.prompt).toBe("¿A qué altura de horquillas es seguro conducir?");
    expect(translatedFirst?.options.map((option) => option.text).sort()).toEqual(["Opción 1", "Opción 2", "Opción 3"]);
    // A question the translation leaves out keeps the source's words.
    expect(page.quiz?.questions.find((question) => question.id === second?.id)?.prompt).toBe(second?.prompt);
    // English (no translation) answers the source.
    const english = ok<LessonPageInLanguage>(await lessonGet(staff.learner.api, lesson.id, "en"));
    expect(english).toMatchObject({ title: "Lockout", language: null, translation: null });
    expect(english.translations).toEqual([{ language: "es", outdated: false }]);
  });

  it("a change of the source's content or check outdates it: learners get the source with a note", async () => {
    const { lesson, check } = await courseWithProcedure();
    ok(await saveLessonTranslation(staff.admin.api, spanishOf(lesson.id, check)));
    ok(
      await staff.admin.api.post("/_api/lessons/update", {
        id: lesson.id,
        content: "<p>Lock the truck and take the key.</p>",
      }),
    );
    const page = ok<LessonPageInLanguage>(await lessonGet(staff.learner.api, lesson.id, "es"));
    expect(page).toMatchObject({
      title: "Lockout",
      content: "<p>Lock the truck and take the key.</p>",
      language: null,
      translation: { language: "es", version: 1, outdated: true },
    });
    const [listed] = await translationsOf(lesson.id);
    // The author sees what the source said when translated, to compare with what it says now.
    expect(listed).toMatchObject({ outdated: true, sourceThen: { content: "<p>Lock the truck.</p>" } });
    // Translating again makes it current.
    ok(await saveLessonTranslation(staff.admin.api, spanishOf(lesson.id, check)));
    expect((await translationsOf(lesson.id))[0]).toMatchObject({ outdated: false, version: 2 });

    // Rewording a question of the check outdates it too.
    const reworded = check.questions.map((question, index) =>
      index === 0 ? { ...question, prompt: "How high may the forks be while driving?" } : question,
    );
    ok(
      await saveCheck(staff.admin.api, {
        lessonId: lesson.id,
        questions: reworded.map(({ id, kind, prompt, explanation, options }) => ({
          id,
          kind,
          prompt,
          explanation,
          options: options.map(({ id: optionId, text, correct }) => ({ id: optionId, text, correct })),
        })),
      }),
    );
    expect((await translationsOf(lesson.id))[0]).toMatchObject({ outdated: true });
  });
});

describe("signing a lesson in a language", () => {
  it("records the language and the translation's version; refuses an outdated one, and a translation read at another version", async () => {
    const { lesson, check } = await courseWithProcedure();
    const { learner, user } = staff;
    ok(await saveLessonTranslation(staff.admin.api, spanishOf(lesson.id, check)));
    const page = ok<LessonPageInLanguage>(await lessonGet(learner.api, lesson.id, "es"));

    // Without the translation's version: refused, nothing stored.
    expect(
      refusal(
        await learner.api.post(
          "/_api/lessons/sign",
          signBody(lesson.id, page.version, learner.name, { language: "es" }),
        ),
      ),
    ).toEqual({ status: 400, error: T.translationVersionRequired });
    expect(
      refusal(
        await learner.api.post(
          "/_api/lessons/sign",
          signBody(lesson.id, page.version, learner.name, { language: "es", translationVersion: 7 }),
        ),
      ),
    ).toEqual({ status: 409, error: T.translationChanged });

    const signed = ok<Record<string, unknown>>(
      await learner.api.post(
        "/_api/lessons/sign",
        signBody(lesson.id, page.version, learner.name, { language: "es", translationVersion: 1 }),
      ),
    );
    expect(signed).toMatchObject({ lessonId: lesson.id, version: page.version, language: "es", translationVersion: 1 });
    const records = await app.orm.em
      .fork()
      .find(SignedTranslation, { organization: staff.org.id }, { filters: false, populate: ["signature"] });
    expect(records.map((row) => [row.signature.id, row.language, row.translationVersion])).toEqual([
      [expect.any(Number), "es", 1],
    ]);

    // The source changes: the translation is outdated and cannot be signed; the source can.
    const changed = ok<LessonView>(
      await staff.admin.api.post("/_api/lessons/update", { id: lesson.id, title: "Lockout and tag" }),
    );
    expect(
      refusal(
        await user.api.post(
          "/_api/lessons/sign",
          signBody(lesson.id, changed.version, user.name, { language: "es", translationVersion: 1 }),
        ),
      ),
    ).toEqual({ status: 409, error: T.translationOutdated });
    const sourceSigned = ok<Record<string, unknown>>(
      await user.api.post("/_api/lessons/sign", signBody(lesson.id, changed.version, user.name)),
    );
    expect(sourceSigned).not.toHaveProperty("language");
    expect(await app.orm.em.fork().count(SignedTranslation, { organization: staff.org.id }, { filters: false })).toBe(
      1,
    );
  });

  it("a language the lesson has no translation in cannot be signed", async () => {
    const { lesson } = await courseWithProcedure();
    expect(
      refusal(
        await staff.learner.api.post(
          "/_api/lessons/sign",
          signBody(lesson.id, lesson.version, staff.learner.name, { language: "es", translationVersion: 1 }),
        ),
      ),
    ).toEqual({ status: 404, error: T.lessonTranslationNotFound });
  });
});

describe("course translations", () => {
  it("courses/get answers the course and its current lesson titles in the language; as before without one", async () => {
    const { course, lesson, check } = await courseWithProcedure();
    const other = await createLesson(staff.admin.api, (await createModule(staff.admin.api, course.id, "More")).id, {
      title: "Parking",
    });
    ok(await saveLessonTranslation(staff.admin.api, spanishOf(lesson.id, check)));
    const saved = ok<CourseTranslationView>(
      await staff.teacher.api.post("/_api/courses/translations/save", {
        courseId: course.id,
        language: "es",
        title: "Permiso de carretilla",
        description: "Conduce con cuidado",
      }),
    );
    expect(saved).toMatchObject({ version: 1, outdated: false, sourceThen: { title: "Forklift licence" } });

    const plain = ok<Record<string, unknown>>(
      await staff.learner.api.get("/_api/courses/get", { id: String(course.id) }),
    );
    expect(plain).not.toHaveProperty("language");
    const spanish = ok<CourseViewInLanguage>(
      await staff.learner.api.get("/_api/courses/get", { id: String(course.id), language: "es" }),
    );
    expect(spanish).toMatchObject({
      title: "Permiso de carretilla",
      description: "Conduce con cuidado",
      language: "es",
      translation: { language: "es", version: 1, outdated: false },
    });
    const titles = spanish.modules?.flatMap((module) => module.lessons.map((item) => [item.id, item.title]));
    expect(titles).toEqual([
      [lesson.id, "Bloqueo"],
      [other.id, "Parking"],
    ]);

    // The course's title changes: its translation is outdated and the source is answered.
    ok(await staff.admin.api.post("/_api/courses/update", { id: course.id, title: "Forklift licence 2027" }));
    const after = ok<CourseViewInLanguage>(
      await staff.learner.api.get("/_api/courses/get", { id: String(course.id), language: "es" }),
    );
    expect(after).toMatchObject({ title: "Forklift licence 2027", language: null, translation: { outdated: true } });
    const listed = ok<CourseTranslationView[]>(
      await staff.teacher.api.get("/_api/courses/translations/list", { courseId: String(course.id) }),
    );
    expect(listed.map(({ language, outdated }) => ({ language, outdated }))).toEqual([
      { language: "es", outdated: true },
    ]);
    for (const who of [staff.learner, staff.user]) {
      const refused = await who.api.post("/_api/courses/translations/save", {
        courseId: course.id,
        language: "es",
        title: "x",
      });
      expect(refused.status).toBe(403);
    }
  });
});

describe("another organization", () => {
  it("gets 'not found' from every translations path and changes nothing", async () => {
    const { course, lesson, check } = await courseWithProcedure();
    ok(await saveLessonTranslation(staff.admin.api, spanishOf(lesson.id, check)));
    const stored = async () => {
      const em = app.orm.em.fork();
      const lessons = await em.find(LessonTranslation, { organization: staff.org.id }, { filters: false });
      const courses = await em.find(CourseTranslation, { organization: staff.org.id }, { filters: false });
      return [...lessons, ...courses].map((row) => [row.language, row.title, row.version]);
    };
    const before = await stored();
    const attempts = [
      (api: ApiClient) => saveLessonTranslation(api, spanishOf(lesson.id, check)),
      (api: ApiClient) => api.get("/_api/lessons/translations/list", { lessonId: String(lesson.id) }),
      (api: ApiClient) =>
        api.post("/_api/courses/translations/save", { courseId: course.id, language: "es", title: "Ajeno" }),
      (api: ApiClient) => api.get("/_api/courses/translations/list", { courseId: String(course.id) }),
      (api: ApiClient) => lessonGet(api, lesson.id, "es"),
      (api: ApiClient) => api.get("/_api/courses/get", { id: String(course.id), language: "es" }),
      (api: ApiClient) =>
        api.post(
          "/_api/lessons/sign",
          signBody(lesson.id, lesson.version, "x", { language: "es", translationVersion: 1 }),
        ),
    ];
    for (const attempt of attempts) {
      const response = await attempt(stranger.admin.api);
      expect(response.status, response.text).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });
});

import { describe, expect, it } from "vitest";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import type { LessonPageView, LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { ModuleView } from "#server/modules/courses/modules.presenter.js";
import type { ApiResponse } from "../support/client.js";
import { createCourse, createLesson, createModule, expectDense, structureOf } from "../support/course-fixtures.js";
import { joinOrg, type Member, ok, orgWithMembers } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Several people editing one course at once (docs/DESIGN.md §4: every write to a course's content locks
 * the course row first, and a transaction the database aborts as a deadlock runs again). Each editor saves
 * their own lesson and renames their own module, adds lessons to one module everyone shares, adds modules,
 * reorders the modules and renames the course: no answer is a server error, and nothing acknowledged is lost.
 */

const EDITORS = 8;
const REQUESTS_PER_EDITOR = 25;

const app = suiteApp();
const team = suiteFixture(async () => {
  const { org, admin } = await orgWithMembers(app, { label: "editors" });
  const others = await Promise.all(
    Array.from({ length: EDITORS - 1 }, (_, n) => joinOrg(app, { org, admin }, "teacher", { label: `editor${n + 1}` })),
  );
  return { editors: [admin, ...others] };
});

interface Answer {
  what: string;
  response: ApiResponse;
}

/** What one editor did, and what the server acknowledged. */
interface EditorLog {
  answers: Answer[];
  lessonsAdded: number[];
  modulesAdded: number[];
  lastSave: LessonView;
  lastRename: ModuleView;
  courseUpdates: number;
}

async function edit(
  editor: Member,
  index: number,
  courseId: number,
  sharedModuleId: number,
  ownLesson: LessonView,
  ownModule: ModuleView,
): Promise<EditorLog> {
  const log: EditorLog = {
    answers: [],
    lessonsAdded: [],
    modulesAdded: [],
    lastSave: ownLesson,
    lastRename: ownModule,
    courseUpdates: 0,
  };
  const send = async (what: string, path: string, body: unknown): Promise<ApiResponse> => {
    const response = await editor.api.post(path, body);
    log.answers.push({ what, response });
    return response;
  };
  for (let step = 0; step < REQUESTS_PER_EDITOR; step++) {
    const mark = `E${index} #${step}`;
    switch (step % 5) {
      case 0: {
        const response = await send("lessons/update", "/_api/lessons/update", {
          id: ownLesson.id,
          version: log.lastSave.version,
          title: `${mark} saved`,
          content: `<p>${mark} text</p>`,
        });
        if (response.status === 200) log.lastSave = response.body as LessonView;
        break;
      }
      case 1: {
        const response = await send("lessons/create", "/_api/lessons/create", {
          moduleId: sharedModuleId,
          title: `${mark} added`,
        });
        if (response.status === 200) log.lessonsAdded.push((response.body as LessonView).id);
        break;
      }
      case 2: {
        const response = await send("modules/create", "/_api/modules/create", { courseId, title: `${mark} module` });
        if (response.status === 200) log.modulesAdded.push((response.body as ModuleView).id);
        break;
      }
      case 3: {
        const response = await send("modules/update", "/_api/modules/update", {
          id: ownModule.id,
          version: log.lastRename.version,
          title: `${mark} renamed`,
        });
        if (response.status === 200) log.lastRename = response.body as ModuleView;
        break;
      }
      default: {
        if (step % 10 === 4) {
          // A drag from the list as this editor last saw it: refused (409) when someone added a module since.
          const seen = (await structureOf(editor.api, courseId)).map((module) => module.id);
          await send("modules/reorder", "/_api/modules/reorder", {
            courseId,
            expectedOrder: seen,
            modules: [...seen].reverse().map((id, orderIndex) => ({ id, orderIndex })),
          });
        } else {
          const response = await send("courses/update", "/_api/courses/update", {
            id: courseId,
            title: `Course by ${mark}`,
          });
          if (response.status === 200) log.courseUpdates += 1;
        }
      }
    }
  }
  return log;
}

describe("concurrent editors on one course", () => {
  it(`${EDITORS} editors × ${REQUESTS_PER_EDITOR} writes: no server error, nothing acknowledged lost`, async () => {
    const { editors } = team;
    const admin = editors[0] as Member;
    const course = await createCourse(admin.api, { title: "Shared course" });
    const shared = await createModule(admin.api, course.id, "Shared");
    const ownModules: ModuleView[] = [];
    const ownLessons: LessonView[] = [];
    for (let index = 0; index < EDITORS; index++) {
      ownModules.push(await createModule(admin.api, course.id, `Own ${index}`));
      ownLessons.push(await createLesson(admin.api, shared.id, { title: `Own lesson ${index}` }));
    }

    const logs = await Promise.all(
      editors.map((editor, index) =>
        edit(editor, index, course.id, shared.id, ownLessons[index] as LessonView, ownModules[index] as ModuleView),
      ),
    );

    const answers = logs.flatMap((log) => log.answers);
    expect(answers).toHaveLength(EDITORS * REQUESTS_PER_EDITOR);
    const failed: Record<string, number> = {};
    for (const { what, response } of answers) {
      if (response.status >= 500) failed[what] = (failed[what] ?? 0) + 1;
    }
    const failedCount = Object.values(failed).reduce((sum, count) => sum + count, 0);
    expect(failed, `${failedCount} of ${answers.length} requests answered 5xx`).toEqual({});
    // Only a reorder from a list someone changed meanwhile may be refused; every other write is acknowledged.
    const refused = answers.filter(({ response }) => response.status !== 200);
    for (const { what, response } of refused) expect([what, response.status]).toEqual(["modules/reorder", 409]);

    const structure = await structureOf(admin.api, course.id);
    expectDense(structure);
    const lessonIds = new Set(structure.flatMap((module) => module.lessons.map((lesson) => lesson.id)));
    const moduleIds = new Set(structure.map((module) => module.id));
    for (const log of logs) {
      for (const id of log.lessonsAdded) expect(lessonIds.has(id), `lesson ${id}`).toBe(true);
      for (const id of log.modulesAdded) expect(moduleIds.has(id), `module ${id}`).toBe(true);
    }
    const addedLessons = logs.reduce((sum, log) => sum + log.lessonsAdded.length, 0);
    const sharedLessons = structure.find((module) => module.id === shared.id)?.lessons ?? [];
    expect(sharedLessons).toHaveLength(EDITORS + addedLessons);

    // Each editor's last save and rename is what the course now shows, and no save was counted twice.
    for (const [index, log] of logs.entries()) {
      const lesson = ok<LessonPageView>(
        await admin.api.get("/_api/lessons/get", { id: String(ownLessons[index]?.id) }),
      );
      expect({ title: lesson.title, content: lesson.content, version: lesson.version }).toEqual({
        title: log.lastSave.title,
        content: log.lastSave.content,
        version: log.lastSave.version,
      });
      const module = structure.find((each) => each.id === ownModules[index]?.id);
      expect({ title: module?.title, version: module?.version }).toEqual({
        title: log.lastRename.title,
        version: log.lastRename.version,
      });
    }
    // Every title given was new, so every acknowledged course update counted one version.
    const courseUpdates = logs.reduce((sum, log) => sum + log.courseUpdates, 0);
    const after = ok<CourseView>(await admin.api.get("/_api/courses/get", { id: String(course.id) }));
    expect(after.version).toBe(1 + courseUpdates);

    // The search index changed with the content: one row per module and per lesson of the course.
    const indexed = await app.orm.em
      .fork()
      .execute<{ kind: string; count: number | string }[]>(
        "select kind, count(*) as count from search_documents where course_id = ? group by kind order by kind",
        [course.id],
      );
    expect(Object.fromEntries(indexed.map((row) => [row.kind, Number(row.count)]))).toEqual({
      course: 1,
      lesson: lessonIds.size,
      module: moduleIds.size,
    });
  });
});

import { expect } from "vitest";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type { AuditPageView, ChainStateView } from "#server/modules/evidence/evidence.presenter.js";
import { SEQUENCER_JOB } from "#server/modules/evidence/index.js";
import type { TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, type staffedOrganization } from "../support/course-fixtures.js";
import { ok } from "../support/org-fixtures.js";

/** What the evidence tests share: the sequencer run now, the log read through its REST paths. */

export async function sequenced(app: TestApp): Promise<void> {
  await app.runScheduledJob(SEQUENCER_JOB);
}

export async function auditPage(api: ApiClient, query: Record<string, string> = {}): Promise<AuditPageView> {
  return ok<AuditPageView>(await api.get("/_api/audit/list", query));
}

export async function chainState(api: ApiClient): Promise<ChainStateView> {
  return ok<ChainStateView>(await api.get("/_api/audit/verify"));
}

/** The kinds of the organization's whole log, oldest first. */
export async function kindsOf(api: ApiClient): Promise<string[]> {
  const kinds: string[] = [];
  let cursor: number | null = null;
  do {
    const page: AuditPageView = await auditPage(api, cursor === null ? {} : { cursor: String(cursor) });
    kinds.unshift(...page.entries.map((entry) => entry.kind).reverse());
    cursor = page.nextCursor;
  } while (cursor !== null);
  return kinds;
}

export async function expectIntact(api: ApiClient): Promise<ChainStateView> {
  const state = await chainState(api);
  expect(state).toMatchObject({ broken: null, pending: 0, intactUpTo: state.entries });
  return state;
}

/** A published course of three lessons: the learner completed the first two and signed the third. */
export async function completedTwoAndSigned(
  staff: Awaited<ReturnType<typeof staffedOrganization>>,
  titles: { course: string; lessons: [string, string] },
) {
  const { admin, learner } = staff;
  const course = await createCourse(admin.api, { title: titles.course, status: "published" });
  const module = await createModule(admin.api, course.id, "Steps");
  const first = await createLesson(admin.api, module.id, { title: titles.lessons[0] });
  const second = await createLesson(admin.api, module.id, { title: titles.lessons[1] });
  const created = await createLesson(admin.api, module.id, { title: "Permit", content: "<p>Sign here.</p>" });
  const signoff = ok<LessonView>(
    await admin.api.post("/_api/lessons/update", { id: created.id, requiresSignoff: true }),
  );
  ok(await learner.api.post("/_api/lessons/complete", { lessonId: first.id }));
  ok(await learner.api.post("/_api/lessons/complete", { lessonId: second.id }));
  ok(
    await learner.api.post("/_api/lessons/sign", {
      lessonId: signoff.id,
      version: signoff.version,
      fullName: learner.name,
      agreed: true,
    }),
  );
  return { course, first, second, signoff };
}

import superjson from "superjson";
import { describe, expect, it, vi } from "vitest";
import type { CompletionView, LessonPageView } from "#server/modules/courses/lessons.presenter.js";
import { SIGNOFF_MESSAGES } from "#shared/schemas/signoffs.js";
import type { ApiClient } from "../support/client.js";
import { sampleCourse, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { answersTo, courseWithCheck, submitOk } from "../support/quiz-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * lessons/get and lessons/complete read plain rows, complete writes its row and its count only,
 * and answers holding no dates skip superjson's walk with the wire format unchanged (decisions 0152, 0153).
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "paths"));

/** The statements the database saw while `run` ran, without the transaction's own begin, commit and rollback. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(app.orm.config.getLogger(), "logQuery");
  try {
    await run();
    return spy.mock.calls
      .map(([context]) => String(context.query).trim())
      .filter((query) => !/^(begin|commit|rollback|start transaction|savepoint|release)\b/i.test(query));
  } finally {
    spy.mockRestore();
  }
}

const isSessionLookup = (query: string) => /from sessions s join users u/.test(query);
const kindOf = (query: string) => (isSessionLookup(query) ? "session" : (query.split(/\s/)[0] ?? "").toLowerCase());

async function courseRowTimes(courseId: number) {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<{ updated_at: unknown; created_at: unknown }[]>(
      "select updated_at, created_at from courses where id = ?",
      [courseId],
    );
  return rows[0];
}

async function completionsOf(lessonId: number): Promise<number> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<{ n: unknown }[]>("select count(*) as n from completions where lesson_id = ?", [lessonId]);
  return Number(rows[0]?.n);
}

/** The course's completions as its progress rows and its total count them. */
async function countsOf(courseId: number): Promise<{ progress: number; total: number }> {
  const connection = app.orm.em.fork().getConnection();
  const [progress] = await connection.execute<{ n: unknown }[]>(
    "select sum(completed_lessons) as n from course_progress where course_id = ?",
    [courseId],
  );
  const [total] = await connection.execute<{ n: unknown }[]>(
    "select sum(completions) as n from course_completion_totals where course_id = ?",
    [courseId],
  );
  return { progress: Number(progress?.n), total: Number(total?.n) };
}

const complete = (api: ApiClient, lessonId: number) => api.post("/_api/lessons/complete", { lessonId });

describe("lessons/complete: the visibility check and the completion's INSERT and count, nothing else", () => {
  it("a new completion is the session lookup, one read, its insert and its counts; the course row does not move", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    const before = await courseRowTimes(course.id);
    let answer: CompletionView | undefined;
    const statements = await statementsDuring(async () => {
      answer = ok<CompletionView>(await complete(staff.learner.api, lessons.A1.id));
    });
    // The completion is counted in the course's progress row (decision 0172) and in its course's total,
    // which orgs/stats sums (decision 0210), recorded in the evidence log (decision 0300) and queued for the
    // organization's webhooks (decision 0341): on SQLite by four more inserts, on PostgreSQL in the same
    // statement, outside any transaction (decision 0252).
    if (app.config.databaseUrl) {
      expect(statements.map(kindOf)).toEqual(["session", "select", "with"]);
      expect(statements[2]).toMatch(
        /insert into completions[\s\S]*insert into course_progress[\s\S]*insert into course_completion_totals[\s\S]*insert into evidence_entries[\s\S]*insert into outbox_mails/,
      );
    } else {
      expect(statements.map(kindOf)).toEqual(["session", "select", "insert", "insert", "insert", "insert", "with"]);
      expect(statements[3]).toMatch(/^insert into course_progress/);
      expect(statements[4]).toMatch(/^insert into course_completion_totals/);
      expect(statements[5]).toMatch(/^insert into evidence_entries/);
      expect(statements[6]).toMatch(/^with completed as [\s\S]* insert into outbox_mails/);
    }
    expect(await countsOf(course.id)).toEqual({ progress: 1, total: 1 });
    expect(await courseRowTimes(course.id)).toEqual(before);
    expect(await completionsOf(lessons.A1.id)).toBe(1);
    // The answer's time is the stored one, to the millisecond, though nothing was read back.
    const again = ok<CompletionView>(await complete(staff.learner.api, lessons.A1.id));
    expect(again).toEqual(answer);
    expect(again.completedAt).toBeInstanceOf(Date);
  });

  it("completing a completed lesson writes nothing and answers the first completion", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const first = ok<CompletionView>(await complete(staff.learner.api, lessons.A2.id));
    let repeat: CompletionView | undefined;
    const statements = await statementsDuring(async () => {
      repeat = ok<CompletionView>(await complete(staff.learner.api, lessons.A2.id));
    });
    expect(statements.map(kindOf)).toEqual(["session", "select"]);
    expect(repeat).toEqual(first);
    expect(await completionsOf(lessons.A2.id)).toBe(1);
  });

  it("two completions at once store one row and both answer its time", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const answers = await Promise.all([
      complete(staff.learner.api, lessons.B1.id),
      complete(staff.learner.api, lessons.B1.id),
    ]);
    const [one, two] = answers.map((response) => ok<CompletionView>(response));
    expect(one).toEqual(two);
    expect(await completionsOf(lessons.B1.id)).toBe(1);
  });

  it("one rule says how a lesson is completed: signing before its check, the check before marking", async () => {
    const { lesson, check } = await courseWithCheck(staff.admin.api);
    const lessonId = lesson.id;
    const { version } = ok<{ version: number }>(
      await staff.teacher.api.post("/_api/lessons/update", { id: lessonId, requiresSignoff: true }),
    );
    const statements = await statementsDuring(async () => {
      expect(refusal(await complete(staff.learner.api, lessonId))).toEqual({
        status: 400,
        error: SIGNOFF_MESSAGES.completeBySigning,
      });
    });
    expect(statements.map(kindOf)).toEqual(["session", "select"]);
    // Passing its check does not complete a sign-off lesson either: only a signature does.
    expect((await submitOk(staff.learner.api, lessonId, answersTo(check))).passed).toBe(true);
    expect(await completionsOf(lessonId)).toBe(0);
    // Signing asks the same rule: the check beside it does not stand in the way.
    const fullName = staff.learner.name;
    ok(await staff.learner.api.post("/_api/lessons/sign", { lessonId, version, fullName, agreed: true }));
    expect(await completionsOf(lessonId)).toBe(1);
  });
});

describe("lessons/get: one read for the page", () => {
  it("a lesson without a check costs the session lookup and one query; with a check, two more", async () => {
    const { lessons } = await sampleCourse(staff.admin.api);
    const plain = await statementsDuring(async () =>
      ok(await staff.learner.api.get("/_api/lessons/get", { id: String(lessons.B1.id) })),
    );
    expect(plain.map(kindOf)).toEqual(["session", "with"]);
    const { lesson } = await courseWithCheck(staff.admin.api);
    const checked = await statementsDuring(async () =>
      ok(await staff.learner.api.get("/_api/lessons/get", { id: String(lesson.id) })),
    );
    expect(checked.map(kindOf)).toEqual(["session", "with", "select", "select"]);
  });
});

/** An answer as the typed client receives it: GET /_api/trpc/<path>, its `result.data` envelope. */
async function trpcEnvelope(api: ApiClient, procedure: string, input: unknown): Promise<unknown> {
  const query = new URLSearchParams({ input: JSON.stringify(superjson.serialize(input)) });
  const response = await api.get(`/_api/trpc/${procedure}?${query}`);
  expect(response.status).toBe(200);
  return (JSON.parse(response.text) as { result: { data: unknown } }).result.data;
}

describe("plain answers keep superjson's wire format (decision 0153)", () => {
  it("REST and tRPC send plain answers as superjson does, and rich answers still with their meta", async () => {
    const { course, lessons } = await sampleCourse(staff.admin.api);
    ok(await complete(staff.learner.api, lessons.A1.id));
    const api = staff.learner.api;
    const plain: [string, string, Record<string, string>, unknown][] = [
      ["auth.me", "/_api/auth/me", {}, undefined],
      ["lessons.get", "/_api/lessons/get", { id: String(lessons.A1.id) }, { id: lessons.A1.id }],
      ["courses.structure", "/_api/courses/structure", { courseId: String(course.id) }, { courseId: course.id }],
      ["users.completions", "/_api/users/completions", {}, undefined],
      ["tags.list", "/_api/tags/list", {}, undefined],
    ];
    for (const [procedure, path, query, input] of plain) {
      const rest = await api.get(path, query);
      expect(rest.status).toBe(200);
      const envelope = JSON.parse(rest.text) as { json: unknown };
      // What superjson itself writes for the same value: no meta, since it holds no date, set or map.
      expect(envelope).toEqual(superjson.serialize(envelope.json));
      expect(Object.keys(envelope)).toEqual(["json"]);
      expect(await trpcEnvelope(api, procedure, input)).toEqual(envelope);
    }
    const page = ok<LessonPageView>(await api.get("/_api/lessons/get", { id: String(lessons.A1.id) }));
    expect([page.isCompleted, page.nextLesson?.title, page.course.id]).toEqual([true, "A2", course.id]);

    // An answer with dates keeps superjson's meta on both paths, and the client reads a Date.
    const rich = JSON.parse((await api.get("/_api/courses/get", { id: String(course.id) })).text) as {
      json: unknown;
      meta?: unknown;
    };
    expect(rich.meta).toBeDefined();
    expect(await trpcEnvelope(api, "courses.get", { id: course.id })).toEqual(rich);
    expect(superjson.deserialize<{ createdAt: unknown }>(rich as never).createdAt).toBeInstanceOf(Date);
  });

  it("orgs/stats answers plain JSON to an admin", async () => {
    const response = await staff.admin.api.get("/_api/orgs/stats", { orgId: String(staff.org.id) });
    expect(response.status).toBe(200);
    expect(Object.keys(JSON.parse(response.text) as object)).toEqual(["json"]);
  });
});

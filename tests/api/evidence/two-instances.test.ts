import { describe, expect, inject, it } from "vitest";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import { SEQUENCER_JOB } from "#server/modules/evidence/index.js";
import { startTestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule } from "../support/course-fixtures.js";
import { joinOrg, ok, orgWithMembers } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { expectIntact } from "./support.js";

/**
 * Two instances over one database (docs/DESIGN.md §1), appending and sequencing at once
 * (docs/decisions/0300-evidence-log.md): every entry gets exactly one number, the numbers run 1…N
 * without a gap, and the chain verifies. On PostgreSQL the sequencer's advisory lock lets one instance
 * chain at a time; the unique keys would refuse a second chaining anyway. PostgreSQL only: SQLite is one
 * instance's embedded database (docs/DESIGN.md §1).
 */

const onSqlite = inject("testDb") !== "postgres";
const first = suiteApp();
const second = suiteFixture(
  () => (onSqlite ? Promise.resolve(first) : startTestApp({}, { sameDatabaseAs: first })),
  async (app) => {
    if (!onSqlite) await app.close();
  },
);

const LESSONS = 6;
const LEARNERS = 4;

describe.skipIf(onSqlite)("two instances appending and sequencing at once", () => {
  it("make one gap-free chain in which every entry appears once", async () => {
    const team = await orgWithMembers(first, { label: "two-instances" });
    const course = await createCourse(team.admin.api, { title: "Rigging", status: "published" });
    const module = await createModule(team.admin.api, course.id, "Loads");
    const lessons: LessonView[] = [];
    for (let index = 0; index < LESSONS; index++) {
      lessons.push(await createLesson(team.admin.api, module.id, { title: `Load ${index + 1}` }));
    }
    // Half the learners work through the first instance, half through the second.
    const learners: ApiClient[] = [];
    for (let index = 0; index < LEARNERS; index++) {
      const member = await joinOrg(index % 2 === 0 ? first : second, team, "learner", { label: `rigger-${index}` });
      learners.push(member.api);
    }

    let completing = true;
    const completions = Promise.all(
      learners.flatMap((api) =>
        lessons.map(async (lesson) => ok(await api.post("/_api/lessons/complete", { lessonId: lesson.id }))),
      ),
    ).finally(() => {
      completing = false;
    });
    // Both instances sequence over and over while the completions land, then once more each.
    const sequencing = async (app: typeof first) => {
      while (completing) await app.runScheduledJob(SEQUENCER_JOB);
      await app.runScheduledJob(SEQUENCER_JOB);
    };
    await Promise.all([completions, sequencing(first), sequencing(second)]);
    await first.runScheduledJob(SEQUENCER_JOB);
    await second.runScheduledJob(SEQUENCER_JOB);

    const state = await expectIntact(team.admin.api);
    const connection = first.orm.em.fork().getConnection();
    const [counts] = await connection.execute<
      { entries: unknown; links: unknown; distinct_seqs: unknown; top: unknown }[]
    >(
      `select (select count(*) from evidence_entries where organization_id = ?) as entries,
              (select count(*) from evidence_chain where organization_id = ?) as links,
              (select count(distinct seq) from evidence_chain where organization_id = ?) as distinct_seqs,
              (select max(seq) from evidence_chain where organization_id = ?) as top`,
      [team.org.id, team.org.id, team.org.id, team.org.id],
    );
    const entries = Number(counts?.entries);
    // The organization's creation, the learners joining, the course published, every completion, and each
    // learner's course completed exactly once, though their lessons' completions landed at once.
    expect(entries).toBe(1 + LEARNERS + 1 + LEARNERS * LESSONS + LEARNERS);
    const [courseCompletions] = await connection.execute<{ learners: unknown; entries: unknown }[]>(
      `select count(distinct subject_user_id) as learners, count(*) as entries from evidence_entries
       where organization_id = ? and kind = 'course.completed'`,
      [team.org.id],
    );
    expect([Number(courseCompletions?.learners), Number(courseCompletions?.entries)]).toEqual([LEARNERS, LEARNERS]);
    expect([Number(counts?.links), Number(counts?.distinct_seqs), Number(counts?.top), state.entries]).toEqual([
      entries,
      entries,
      entries,
      entries,
    ]);
  });
});

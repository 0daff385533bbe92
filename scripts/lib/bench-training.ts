import type { SqlEntityManager } from "@mikro-orm/knex";
import {
  Course,
  CourseModule,
  CourseTag,
  Lesson,
  Membership,
  MemberTag,
  type Organization,
  Tag,
  User,
} from "#server/entities.js";
import { sortNameOf } from "#server/modules/organizations/organization.entity.js";
import { recountAllProgress } from "#server/modules/progress/course-progress.js";

/**
 * The training side of `npm run bench` (decision 0041): an organization of BENCH_MEMBERS members, each with
 * a role tag, and completions across organizations (BENCH_COMPLETIONS in all, most of them in another
 * organization of the same size, so the reports must pick their own out of many).
 */

export interface TrainingSeed {
  members: number;
  completions: number;
  benchCompletions: number;
}

/** One statement for a large insert: SQLite keeps dates as milliseconds, PostgreSQL as timestamps. */
function timestamp(postgres: boolean): number | string {
  return postgres ? new Date().toISOString() : Date.now();
}

/**
 * Courses like the main bench's (3 role tags each, 3 modules × 5 lessons), for another organization;
 * with `draftEvery`, every such course is a draft, as in the bench organization.
 */
export function seedCourses(
  em: SqlEntityManager,
  organization: Organization,
  count: number,
  options: { draftEvery?: number } = {},
): void {
  const departments = Array.from({ length: 5 }, (_, d) =>
    em.create(Tag, { organization, name: `Department ${d}`, type: "department", color: "#FFC1C0" }),
  );
  const roles = departments.flatMap((department, d) =>
    Array.from({ length: 4 }, (_, r) =>
      em.create(Tag, { organization, name: `Role ${d}.${r}`, type: "role", parent: department }),
    ),
  );
  for (let c = 0; c < count; c++) {
    const draft = options.draftEvery !== undefined && c % options.draftEvery === 0;
    const course = em.create(Course, {
      organization,
      title: `Other course ${c}`,
      status: draft ? "draft" : "published",
    });
    for (let t = 0; t < 3; t++)
      em.create(CourseTag, { organization, course, tag: roles[(c + t * 7) % roles.length] as Tag });
    for (let m = 0; m < 3; m++) {
      const module = em.create(CourseModule, { organization, course, title: `Module ${m}`, orderIndex: m });
      for (let l = 0; l < 5; l++) em.create(Lesson, { organization, module, title: `Lesson ${l}`, orderIndex: l });
    }
  }
}

/**
 * `members` people join both organizations, each with one role tag in each (required courses get a
 * 14-day deadline); then every member completes all lessons of about a tenth of the bench organization's
 * courses, and the other organization gets the rest of `completions`.
 */
export async function seedTraining(
  em: SqlEntityManager,
  options: { bench: Organization; other: Organization; members: number; completions: number; postgres: boolean },
): Promise<TrainingSeed> {
  const { bench, other, members, postgres } = options;
  const now = timestamp(postgres);
  await em.nativeUpdate(Course, { organization: bench.id }, { required: true, dueDays: 14 }, { filters: false });
  await em.insertMany(
    User,
    Array.from({ length: members }, (_, i) => ({
      name: `Member ${i}`,
      email: `member${i}@bench.example`,
      emailKey: `member${i}@bench.example`,
      passwordHash: "not-a-password",
      createdAt: new Date(),
    })),
  );
  // insertMany's answer is not every id on every driver: read them back.
  const users = await em.find(User, { emailKey: { $like: "%@bench.example" } }, { fields: ["id", "name"] });
  for (const organization of [bench, other]) {
    await em.insertMany(
      Membership,
      users.map(({ id: user, name }) => ({
        organization: organization.id,
        user,
        role: "learner" as const,
        sortName: sortNameOf(name),
        createdAt: new Date(),
      })),
    );
    const roles = await em.find(
      Tag,
      { organization: organization.id, type: "role" },
      { filters: false, orderBy: { id: "asc" } },
    );
    // The bench's own admin too: training/mine is measured as them.
    const everyone = await em.find(Membership, { organization: organization.id }, { fields: ["id"] });
    await em.insertMany(
      MemberTag,
      everyone.map((membership, i) => ({
        organization: organization.id,
        membership: membership.id,
        tag: roles[i % roles.length]?.id ?? 0,
        createdAt: new Date(),
      })),
    );
  }
  const insertCompletions = (where: string, params: unknown[]) =>
    em.execute(
      `insert into completions (organization_id, user_id, lesson_id, completed_at)
       select ms.organization_id, ms.user_id, l.id, ${postgres ? "cast(? as timestamptz)" : "?"} from memberships ms
       join lessons l on l.organization_id = ms.organization_id join modules mo on mo.id = l.module_id
       where ${where}`,
      [now, ...params],
    );
  await insertCompletions("ms.organization_id = ? and (ms.user_id + mo.course_id) % 10 = 0", [bench.id]);
  const benchCompletions = await em.count("Completion", { organization: bench.id }, { filters: false });
  const lessonsElsewhere = await em.count(Lesson, { organization: other.id }, { filters: false });
  // Every n-th (member, lesson) pair of the other organization, for the rest of the total.
  const rest = Math.max(options.completions - benchCompletions, 0);
  const step = Math.max(1, Math.floor((members * lessonsElsewhere) / Math.max(rest, 1)));
  await insertCompletions("ms.organization_id = ? and (ms.user_id * 7 + l.id) % ? = 0", [other.id, step]);
  await recountAllProgress(em);
  const completions = await em.count("Completion", {}, { filters: false });
  return { members, completions, benchCompletions };
}

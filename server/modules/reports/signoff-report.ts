import type { SqlEntityManager } from "@mikro-orm/knex";
import { type Course, type CourseContext, findCourse, findLesson, type Lesson } from "#server/modules/courses/index.js";
import { memberRows } from "#server/modules/organizations/index.js";
import {
  materialVersions,
  presentSignatureRecord,
  Signature,
  type SignoffMemberView,
  type SignoffReport,
  signoffStatusOf,
} from "#server/modules/signoff/index.js";
import { assignmentTimes, audienceMembers, courseAudiences, joinedAudienceAt } from "#server/modules/training/index.js";

/**
 * reports/signoffs (docs/SPEC.md §7). For one lesson: its course audience's members and everyone who signed it,
 * each signed (current version), outdated or not signed, and every signature. Without a lesson: every
 * signature the organization holds, deleted lessons' included (decision 0100), for an audit in one file.
 * The reports module's: it reads the signatures (signoff) beside who the course is for (training).
 */
async function signoffReport(
  scope: { em: SqlEntityManager },
  target: { lesson: Lesson; course: Course } | null,
): Promise<SignoffReport> {
  const signatures = await scope.em.find(Signature, target ? { lesson: target.lesson.id } : {}, {
    populate: ["lessonVersion"],
    orderBy: { signedAt: "desc", id: "desc" },
  });
  const lessonIds = [...new Set(signatures.flatMap((row) => (row.lesson ? [row.lesson.id] : [])))];
  if (target) lessonIds.push(target.lesson.id);
  const material = await materialVersions(scope.em, lessonIds);
  const isCurrent = (row: Signature) => row.lesson !== null && row.version >= (material.get(row.lesson.id) ?? 0);
  const records = signatures.map((row) => presentSignatureRecord(row, isCurrent(row)));
  if (!target) return { lesson: null, members: [], signatures: records };

  const { lesson, course } = target;
  const members = await memberRows(scope.em);
  const audience = (await courseAudiences(scope.em, [course])).get(course.id);
  const people = await audienceMembers(scope.em, members);
  const assigned = (await assignmentTimes(scope.em, { course: course.id })).get(course.id);
  const latest = new Map<number, Signature>();
  for (const row of signatures) {
    const userId = row.user?.id;
    if (userId !== undefined && !latest.has(userId)) latest.set(userId, row);
  }
  const lessonMaterial = material.get(lesson.id) ?? 0;
  const rows: SignoffMemberView[] = [];
  for (const member of members) {
    const person = people.get(member.membershipId);
    const inAudience =
      audience !== undefined &&
      person !== undefined &&
      joinedAudienceAt(audience, person, assigned?.get(member.membershipId)) !== null;
    const signature = latest.get(member.userId);
    if (!inAudience && !signature) continue;
    rows.push({
      userId: member.userId,
      name: member.name,
      email: member.email,
      status: signoffStatusOf(lessonMaterial, signature?.version ?? null),
      signedVersion: signature?.version ?? null,
      signedAt: signature?.signedAt ?? null,
    });
  }
  rows.sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
  return {
    lesson: {
      id: lesson.id,
      title: lesson.title,
      courseId: course.id,
      courseTitle: course.title,
      version: lesson.version,
    },
    members: rows,
    signatures: records,
  };
}

/**
 * reports/signoffs' one call: the report of one lesson (of another organization: "not found"), or without
 * a lesson, of every signature.
 */
export async function signoffReportFor(ctx: CourseContext, lessonId: number | undefined): Promise<SignoffReport> {
  if (lessonId === undefined) return signoffReport(ctx, null);
  const lesson = await findLesson(ctx, lessonId);
  const course = await findCourse(ctx, lesson.module.course.id);
  return signoffReport(ctx, { lesson, course });
}

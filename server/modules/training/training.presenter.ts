import { z } from "zod";
import type { Assignment } from "#server/modules/courses/index.js";
import { memberName } from "#server/modules/team/index.js";
import { dateAnswer } from "#server/platform/api/wire-format.js";
import type { CertificateStatus } from "#shared/schemas/certificates.js";
import type { TrainingStatus } from "#shared/schemas/training.js";
import { compareAssigned, compareTitles, completedAtOf, trainingStatus } from "./training.rules.js";
import type { MyTrainingRows } from "./training-mine.data.js";

/** One course of "My training" (training/mine, docs/SPEC.md §7). */
export interface TrainingItem {
  courseId: number;
  title: string;
  description: string | null;
  required: boolean;
  dueAt: Date | null;
  status: TrainingStatus;
  completedLessons: number;
  totalLessons: number;
  /** The first unfinished lesson in outline order; null when all are done or there are none. */
  nextLessonId: number | null;
  /** When the last lesson was completed, once all are. */
  completedAt: Date | null;
  /**
   * The caller's current certificate of a certification course: while it expires soon the course is
   * required again, due when it expires (docs/decisions/0310-certificates-derived-from-completion.md).
   */
  certificate: { status: CertificateStatus; expiresAt: Date | null } | null;
}

export interface MyTraining {
  /** Required courses: overdue first, then by deadline (none last), then by title. */
  assigned: TrainingItem[];
  /** Optional courses of the caller's audience, by title. */
  optional: TrainingItem[];
}

/** The caller's training (training/mine): the rows of training-mine.data.ts shaped, with each course's status at `now`. */
export function presentMyTraining(rows: MyTrainingRows, now: Date): MyTraining {
  const { lessonOrder: order, completedAt: done } = rows;
  const items = rows.courses.map(({ course, dueAt: courseDueAt }): TrainingItem => {
    const certification = rows.certifications.get(course.id);
    const dueAt = certification?.renewalDueAt ?? courseDueAt;
    const lessons = order.get(course.id) ?? [];
    const times = lessons.flatMap((lessonId) => done.get(lessonId) ?? []);
    const progress = {
      completedLessons: times.length,
      totalLessons: lessons.length,
      lastCompletedAt: times.reduce<Date | null>((last, time) => (last === null || time > last ? time : last), null),
    };
    return {
      courseId: course.id,
      title: course.title,
      description: course.description,
      required: course.required || Boolean(certification?.renewalDueAt),
      dueAt,
      status: trainingStatus(progress, dueAt, now),
      completedLessons: progress.completedLessons,
      totalLessons: progress.totalLessons,
      nextLessonId: lessons.find((lessonId) => !done.has(lessonId)) ?? null,
      completedAt: completedAtOf(progress),
      certificate: certification ? { status: certification.status, expiresAt: certification.expiresAt } : null,
    };
  });
  return {
    assigned: items.filter((item) => item.required).sort(compareAssigned),
    optional: items.filter((item) => !item.required).sort(compareTitles),
  };
}

/** A named person a course is assigned to (assignments/list). */
export interface AssignmentView {
  userId: number;
  name: string;
  email: string;
  assignedAt: Date;
}

/** presentAssignments' answer, declared (the OpenAPI document, the contract test). */
export const assignmentsAnswer = z.object({
  assignments: z.array(
    z.object({ userId: z.number().int(), name: z.string(), email: z.string(), assignedAt: dateAnswer() }),
  ),
});

export const unassignedAnswer = z.object({ success: z.literal(true) });

/** The course's named people (their accounts populated), by name. */
export function presentAssignments(rows: readonly Assignment[]): { assignments: AssignmentView[] } {
  const assignments = rows.map((row) => ({
    userId: row.membership.user.id,
    name: memberName(row.membership),
    email: row.membership.user.email,
    assignedAt: row.createdAt,
  }));
  assignments.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.userId - b.userId);
  return { assignments };
}

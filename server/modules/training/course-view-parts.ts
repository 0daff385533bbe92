import type { CourseViewParts, ViewerCourseTraining } from "#server/modules/courses/index.js";
import { readRows } from "#server/platform/db/rows.js";
import { audienceOf } from "./training.data.js";
import { viewerRow } from "./training.rules.js";
import { coursesOfMember } from "./training-due.js";
import { type MemberAudienceRow, memberAudienceOf, memberAudienceStatement } from "./training-reads.data.js";

const NOT_MINE: ViewerCourseTraining = { assignedToMe: false, dueAt: null };

/**
 * The course views' training status (courses' `courseViewParts`, registered by server/router.ts): which
 * courses are the viewer's and by when, decided by the training rules on the viewer's own rows. The tags
 * the courses name are read in the same statement, and only those of the organization make a course's
 * audience. The statement is run here, with this part's one await, where the views awaited it before.
 */
export const trainingCourseViewParts: CourseViewParts = {
  async viewerTrainingOf(em, courses, viewer) {
    const named = new Set<number>();
    for (const course of courses) for (const id of course.tagIds) named.add(id);
    const member = viewerRow(viewer);
    const rows = memberAudienceOf(
      member,
      await readRows<MemberAudienceRow>(em, ...memberAudienceStatement(member, [...named])),
    );
    const found = new Set(rows.tags.map((tag) => tag.id));
    const audiences = new Map(
      courses.map((course) => [course.id, audienceOf(course, new Set(course.tagIds.filter((id) => found.has(id))))]),
    );
    const mine = new Map<number, ViewerCourseTraining>();
    const audienceRows = { members: rows.members, assigned: rows.assigned, audiences };
    for (const { course, dueAt } of coursesOfMember(audienceRows, viewer.id, courses)) {
      mine.set(course.id, { assignedToMe: true, dueAt });
    }
    return { tags: rows.tags, of: (courseId) => mine.get(courseId) ?? NOT_MINE };
  },
};

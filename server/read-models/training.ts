import type { EntityManager } from "@mikro-orm/core";
import { countFromRow } from "#server/sql-dialect.js";
import { placeholders } from "#server/training-data.js";
import { COURSE_COLUMNS, type CourseFields, type CourseRecord, courseFromRecord } from "./courses.js";
import { readRow, readRows } from "./rows.js";

/**
 * The courses the training views and reports start from, as plain rows (decision 0150): every query
 * names the organization, and the rules of server/training-rules.ts then decide on them.
 */

/** The organization's courses by id (any status), in id order: those of another organization are not found. */
export async function coursesByIds(
  em: EntityManager,
  organizationId: number,
  courseIds: readonly number[],
): Promise<CourseFields[]> {
  if (courseIds.length === 0) return [];
  const rows = await readRows<CourseRecord>(
    em,
    `select ${COURSE_COLUMNS} from courses c where c.organization_id = ? and c.id in (${placeholders(courseIds)})
     order by c.id`,
    [organizationId, ...courseIds],
  );
  return rows.map(courseFromRecord);
}

/**
 * The organization's published courses in id order; `withDeadline`: only the required ones with a due date
 * or a number of days (the only ones that can be due).
 */
export async function publishedCourses(
  em: EntityManager,
  organizationId: number,
  options: { withDeadline?: boolean } = {},
): Promise<CourseFields[]> {
  const rows = await readRows<CourseRecord>(
    em,
    `select ${COURSE_COLUMNS} from courses c where c.organization_id = ? and c.status = 'published'${
      options.withDeadline ? " and c.required = true and (c.due_date is not null or c.due_days is not null)" : ""
    } order by c.id`,
    [organizationId],
  );
  return rows.map(courseFromRecord);
}

/**
 * The published courses that may be in one member's audience, found from the member's side: those tagged
 * with one of their tags or the department above one, those assigned to them by name, and those with no
 * tag (for everyone). A course tagged for others is never read, so the cost follows the member's own
 * courses, not the organization's. The training rules decide on these (a superset of the audience).
 */
export async function audienceCandidates(
  em: EntityManager,
  organizationId: number,
  membershipId: number,
): Promise<CourseFields[]> {
  const rows = await readRows<CourseRecord>(
    em,
    `select ${COURSE_COLUMNS} from courses c
     where c.organization_id = ? and c.status = 'published' and c.id in (
       select ct.course_id from member_tags mt join tags t on t.id = mt.tag_id
       join course_tags ct on ct.organization_id = mt.organization_id and ct.tag_id in (mt.tag_id, t.parent_id)
       where mt.organization_id = ? and mt.membership_id = ?
       union select a.course_id from assignments a where a.organization_id = ? and a.membership_id = ?
       union select c2.id from courses c2 where c2.organization_id = ? and c2.status = 'published'
         and not exists (select 1 from course_tags ct2 where ct2.course_id = c2.id))
     order by c.id`,
    [organizationId, organizationId, membershipId, organizationId, membershipId, organizationId],
  );
  return rows.map(courseFromRecord);
}

/** How many of these tag ids are the organization's. */
export async function countOwnTags(
  em: EntityManager,
  organizationId: number,
  tagIds: readonly number[],
): Promise<number> {
  if (tagIds.length === 0) return 0;
  const row = await readRow<{ total: unknown }>(
    em,
    `select count(*) as total from tags where organization_id = ? and id in (${placeholders(tagIds)})`,
    [organizationId, ...tagIds],
  );
  return countFromRow(row?.total);
}

import type { EntityManager } from "@mikro-orm/core";
import {
  COURSE_COLUMNS,
  type CourseFields,
  type CourseRecord,
  courseFromRecord,
} from "#server/modules/courses/index.js";
import type { TagView } from "#server/modules/tags/index.js";
import { tagFromRecord } from "#server/modules/tags/index.js";
import { inScope, placeholders, readRows } from "#server/platform/db/rows.js";
import { dateFromRow } from "#server/platform/db/sql-dialect.js";
import type { TagType } from "#shared/schemas/tags.js";
import type { AssignmentTimes } from "./training.data.js";
import type { AudienceMember, TagLink } from "./training.rules.js";

/**
 * The courses the training views and reports start from, as plain rows (decision 0150): every query is
 * in the request's organization (inScope), and the rules of server/modules/training/training.rules.ts then decide on them.
 */

/** The organization's courses by id (any status), in id order: those of another organization are not found. */
export async function coursesByIds(em: EntityManager, courseIds: readonly number[]): Promise<CourseFields[]> {
  if (courseIds.length === 0) return [];
  const rows = await readRows<CourseRecord>(
    em,
    `select ${COURSE_COLUMNS} from courses c where ${inScope("c")} and c.id in (${placeholders(courseIds)})
     order by c.id`,
    courseIds,
  );
  return rows.map(courseFromRecord);
}

/**
 * The organization's published courses in id order; `withDeadline`: only the required ones with a due date
 * or a number of days (the only ones that can be due).
 */
export async function publishedCourses(
  em: EntityManager,
  options: { withDeadline?: boolean } = {},
): Promise<CourseFields[]> {
  const rows = await readRows<CourseRecord>(
    em,
    `select ${COURSE_COLUMNS} from courses c where ${inScope("c")} and c.status = 'published'${
      options.withDeadline ? " and c.required = true and (c.due_date is not null or c.due_days is not null)" : ""
    } order by c.id`,
  );
  return rows.map(courseFromRecord);
}

const AUDIENCE_CANDIDATES = `select ${COURSE_COLUMNS} from courses c
  where ${inScope("c")} and c.status = 'published' and c.id in (
    select ct.course_id from member_tags mt join tags t on t.id = mt.tag_id
    join course_tags ct on ct.organization_id = mt.organization_id and ct.tag_id in (mt.tag_id, t.parent_id)
    where ${inScope("mt")} and mt.membership_id = ?
    union select a.course_id from assignments a where ${inScope("a")} and a.membership_id = ?
    union select c2.id from courses c2 where ${inScope("c2")} and c2.status = 'published'
      and not exists (select 1 from course_tags ct2 where ct2.course_id = c2.id))
  order by c.id`;

/**
 * The published courses that may be in one member's audience, found from the member's side: those tagged
 * with one of their tags or the department above one, those assigned to them by name, and those with no
 * tag (for everyone). A course tagged for others is never read, so the cost follows the member's own
 * courses, not the organization's. The training rules decide on these (a superset of the audience).
 */
export async function audienceCandidates(em: EntityManager, membershipId: number): Promise<CourseFields[]> {
  const rows = await readRows<CourseRecord>(em, AUDIENCE_CANDIDATES, [membershipId, membershipId]);
  return rows.map(courseFromRecord);
}

/** One member's rows for the training rules, and the tags a course view asked for with them. */
export interface MemberAudience {
  /** The member alone, by membership id: when they joined, their tags and since when. */
  members: Map<number, AudienceMember>;
  /** The courses they were named for: course id → their membership id → since when. */
  assigned: AssignmentTimes;
  /** Those of `tagIds` that are the organization's, unordered. */
  tags: TagView[];
}

export type MemberAudienceRow = {
  kind: "tag" | "member_tag" | "assignment";
  id: number;
  name: string | null;
  type: TagType | null;
  parent_id: number | null;
  color: string | null;
  created_at: unknown;
};

/**
 * One member's side of the rules (the caller of a course view or of "My training"): their tags with since
 * when and the courses they were named for, and with `tagIds` those tags of the organization (the ones a
 * course view shows), in one query. Read as three, each was a statement of its own on every course view,
 * and under load a statement's fixed cost, not its few rows, is most of what it costs (decision 0243).
 * The statement and its reading are apart so that a caller on a hot path (the course views' part,
 * course-view-parts.ts) runs it with its own one await.
 */
export function memberAudienceStatement(
  member: { membershipId: number },
  tagIds: readonly number[] = [],
): [sql: string, params: number[]] {
  const namedTags =
    tagIds.length === 0
      ? ""
      : `select 'tag' as kind, t.id, t.name, t.type, t.parent_id, t.color, null as created_at
         from tags t where ${inScope("t")} and t.id in (${placeholders(tagIds)})
         union all `;
  return [
    `${namedTags}select 'member_tag' as kind, mt.tag_id as id, null as name, null as type, t.parent_id, null as color,
       mt.created_at
     from member_tags mt join tags t on t.id = mt.tag_id
     where ${inScope("mt")} and mt.membership_id = ?
     union all
     select 'assignment', a.course_id, null, null, null, null, a.created_at
     from assignments a where ${inScope("a")} and a.membership_id = ?`,
    [...tagIds, member.membershipId, member.membershipId],
  ];
}

/** The rows of memberAudienceStatement, read. */
export function memberAudienceOf(
  member: { membershipId: number; joinedAt: Date },
  rows: readonly MemberAudienceRow[],
): MemberAudience {
  const links: TagLink[] = [];
  const assigned: AssignmentTimes = new Map();
  const tags: TagView[] = [];
  for (const row of rows) {
    if (row.kind === "tag") {
      tags.push(tagFromRecord({ ...row, name: row.name ?? "", type: row.type ?? "role" }));
    } else if (row.kind === "member_tag") {
      links.push({
        tagId: Number(row.id),
        parentId: row.parent_id === null ? null : Number(row.parent_id),
        // A link older than the column counts from the membership (decision 0040).
        linkedAt: dateFromRow(row.created_at) ?? member.joinedAt,
      });
    } else {
      assigned.set(Number(row.id), new Map([[member.membershipId, dateFromRow(row.created_at) ?? new Date(0)]]));
    }
  }
  return {
    members: new Map([[member.membershipId, { joinedOrganizationAt: member.joinedAt, tags: links }]]),
    assigned,
    tags,
  };
}

/** memberAudienceStatement run and read. */
export async function memberAudience(
  em: EntityManager,
  member: { membershipId: number; joinedAt: Date },
  tagIds: readonly number[] = [],
): Promise<MemberAudience> {
  return memberAudienceOf(member, await readRows<MemberAudienceRow>(em, ...memberAudienceStatement(member, tagIds)));
}

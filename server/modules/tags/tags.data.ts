import type { EntityManager } from "@mikro-orm/core";
import { inScope, placeholders, readRow, readRows } from "#server/platform/db/rows.js";
import { countFromRow } from "#server/platform/db/sql-dialect.js";
import type { TagType } from "#shared/schemas/tags.js";
import type { TagView } from "./tags.presenter.js";

interface TagRecord {
  id: number;
  name: string;
  type: TagType;
  parent_id: number | null;
  color: string | null;
}

export function tagFromRecord(row: TagRecord): TagView {
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    color: row.color,
  };
}

/** Every tag of the organization (tags/list). */
export async function organizationTags(em: EntityManager): Promise<TagView[]> {
  const rows = await readRows<TagRecord>(
    em,
    `select id, name, type, parent_id, color from tags where ${inScope()} order by id`,
  );
  return rows.map(tagFromRecord);
}

/** These tags of the organization, unordered (an id of another organization's tag finds nothing). */
export async function tagsWithIds(em: EntityManager, tagIds: readonly number[]): Promise<TagView[]> {
  if (tagIds.length === 0) return [];
  const rows = await readRows<TagRecord>(
    em,
    `select id, name, type, parent_id, color from tags where ${inScope()} and id in (${placeholders(tagIds)})`,
    tagIds,
  );
  return rows.map(tagFromRecord);
}

/**
 * The tags of these memberships, unsorted, by membership id; one without tags is not in the map. Two
 * queries: the links, then each tag named by them once. Joined in one, every tag's texts came back once
 * per link, and materializing those rows was most of the query's cost (decision 0231). Each membership still
 * gets its own objects: an answer that holds one object twice is written differently by superjson
 * (server/platform/fast/superjson-fast.ts).
 */
export async function tagsOfMemberships(
  em: EntityManager,
  membershipIds: readonly number[],
): Promise<Map<number, TagView[]>> {
  const byMembership = new Map<number, TagView[]>();
  if (membershipIds.length === 0) return byMembership;
  const links = await readRows<{ membership_id: number; tag_id: number }>(
    em,
    `select membership_id, tag_id from member_tags where ${inScope()} and membership_id in (${placeholders(membershipIds)})`,
    membershipIds,
  );
  if (links.length === 0) return byMembership;
  const tags = await tagsWithIds(em, [...new Set(links.map((link) => Number(link.tag_id)))]);
  const tagById = new Map(tags.map((tag) => [tag.id, tag]));
  for (const link of links) {
    const tag = tagById.get(Number(link.tag_id));
    if (!tag) continue;
    const membershipId = Number(link.membership_id);
    const membershipTags = byMembership.get(membershipId) ?? [];
    byMembership.set(membershipId, membershipTags);
    membershipTags.push({ ...tag });
  }
  return byMembership;
}

/** How many of these tag ids are the organization's. */
export async function countOwnTags(em: EntityManager, tagIds: readonly number[]): Promise<number> {
  if (tagIds.length === 0) return 0;
  const row = await readRow<{ total: unknown }>(
    em,
    `select count(*) as total from tags where ${inScope()} and id in (${placeholders(tagIds)})`,
    tagIds,
  );
  return countFromRow(row?.total);
}

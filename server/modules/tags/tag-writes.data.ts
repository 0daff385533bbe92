import type { SqlEntityManager } from "@mikro-orm/knex";
import type { z } from "zod";
import type { Organization } from "#server/modules/organizations/index.js";
import { takeTurn } from "#server/platform/db/sql-dialect.js";
import { createOwned } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { DEFAULT_DEPARTMENT_COLOR } from "#shared/constants.js";
import { TAG_MESSAGES, type TagType, type tagCreateInput, type tagUpdateInput } from "#shared/schemas/tags.js";
import { Tag } from "./tag.entity.js";
import { assertColorAllowed, assertNameFree, assertRoleParent, assertTopLevel } from "./tags.rules.js";

/** Creating, renaming and deleting tags (tags/create, update, delete), by the rules of tags.rules.ts. */

interface TagScope {
  em: SqlEntityManager;
  config: Config;
  organization: Organization;
}

/** Any number, as long as no other advisory lock of this database uses it: "tags" in the first key. */
const TAG_WRITES_LOCK = 0x74616773;

/**
 * Names are checked, then written. On PostgreSQL two writers of one organization's tags could both
 * pass the check and store the same name twice, so they take turns: a lock held until the
 * transaction ends, one per organization, that blocks no reads and no other writes. SQLite runs one
 * writer at a time anyway.
 */
function takeTurnWritingTags(scope: TagScope) {
  return takeTurn(scope, TAG_WRITES_LOCK, scope.organization.id);
}

/** The tags beside which one of this type and parent would sit. */
function siblings(em: SqlEntityManager, type: TagType, parentId: number | null): Promise<Tag[]> {
  return em.find(Tag, { type, parent: parentId });
}

async function tagToChange(em: SqlEntityManager, id: number): Promise<Tag> {
  const tag = await em.findOne(Tag, { id });
  if (!tag) throw fail.notFound(TAG_MESSAGES.notFound);
  return tag;
}

export async function createTag(scope: TagScope, input: z.output<typeof tagCreateInput>): Promise<Tag> {
  assertTopLevel(input.type, input.parentId);
  await takeTurnWritingTags(scope);
  let parent: Tag | null = null;
  if (input.type === "role") {
    parent = await scope.em.findOne(Tag, { id: input.parentId ?? 0 });
    assertRoleParent(parent);
  }
  assertNameFree(input.name, input.type, await siblings(scope.em, input.type, parent?.id ?? null));
  const tag = createOwned(scope, Tag, {
    name: input.name,
    type: input.type,
    parent,
    color: input.type === "department" ? input.color || DEFAULT_DEPARTMENT_COLOR : null,
  });
  await scope.em.flush();
  return tag;
}

export async function updateTag(scope: TagScope, input: z.output<typeof tagUpdateInput>): Promise<Tag> {
  await takeTurnWritingTags(scope);
  const tag = await tagToChange(scope.em, input.id);
  assertColorAllowed(tag.type, input.color);
  assertNameFree(input.name, tag.type, await siblings(scope.em, tag.type, tag.parent?.id ?? null), tag.id);
  tag.name = input.name;
  if (tag.type === "department" && input.color) tag.color = input.color;
  return tag;
}

/** A department takes its roles with it; members and courses lose the tags (foreign keys cascade). */
export async function deleteTag(em: SqlEntityManager, id: number): Promise<{ message: string }> {
  const tag = await tagToChange(em, id);
  await em.nativeDelete(Tag, { id: tag.id });
  return { message: "Tag deleted." };
}

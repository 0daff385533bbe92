import { z } from "zod";
import { TAG_TYPES, type TagType } from "#shared/schemas/tags.js";
import type { Tag } from "./tag.entity.js";

/** A department or role as every response shows it: on the tags page, a member and a course. */
export interface TagView {
  id: number;
  name: string;
  type: TagType;
  parentId: number | null;
  color: string | null;
}

/** TagView as a declared answer (the OpenAPI document, the contract test). */
export const tagAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TAG_TYPES),
  parentId: z.number().int().nullable(),
  color: z.string().nullable(),
});

/** tags/list's answer: the departments, each with its roles. */
export const tagTreeAnswer = z.array(tagAnswer.extend({ roles: z.array(tagAnswer) }));

/** A department with its roles: the tags page's tree (tags/list). */
export interface DepartmentView extends TagView {
  roles: TagView[];
}

export function presentTag(tag: Tag): TagView {
  return { id: tag.id, name: tag.name, type: tag.type, parentId: tag.parent?.id ?? null, color: tag.color };
}

// One collator for every comparison: localeCompare with options builds one per call, most of a course
// list's sorting cost; the order is the same.
const nameCollator = new Intl.Collator(undefined, { sensitivity: "base" });
const byName = (a: { name: string }, b: { name: string }) => nameCollator.compare(a.name, b.name);

/** Departments before roles, then by name: how a course or a member lists its tags. */
export function compareTags(a: TagView, b: TagView): number {
  if (a.type !== b.type) return a.type === "department" ? -1 : 1;
  return byName(a, b) || a.id - b.id;
}

/** Every department of an organization, each with its roles, both by name, from its tags (plain rows). */
export function presentTagTree(tags: readonly TagView[]): DepartmentView[] {
  const departments = tags.filter((tag) => tag.type === "department").sort(byName);
  return departments.map((department) => ({
    ...department,
    roles: tags.filter((tag) => tag.type === "role" && tag.parentId === department.id).sort(byName),
  }));
}

import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { progressReaders } from "#client/features/training/queries.js";
import { trpc } from "#client/lib/trpc.js";
import type { AppRouter } from "#server/router.js";
import { FRESHNESS } from "#shared/constants.js";

export type Department = inferRouterOutputs<AppRouter>["tags"]["list"][number];
export type TagItem = Department["roles"][number];

/** The fixed texts of docs/SPEC.md §8 for tags. */
export const TAG_TEXT = {
  created: "Tag created successfully!",
  updated: "Tag updated successfully!",
  deleted: "Tag deleted successfully!",
  createFailed: "Failed to create tag.",
  updateFailed: "Failed to update tag.",
  deleteFailed: "Failed to delete tag.",
  loadFailed: "Error Loading Tags",
} as const;

/** The department tree of the page's organization; fresh for 5 minutes (docs/SPEC.md §9). */
export function tagTreeQuery() {
  return trpc.tags.list.queryOptions(undefined, { staleTime: FRESHNESS.contentMs });
}

export function useTagTree() {
  return useQuery(tagTreeQuery());
}

/** Every department followed by its roles, as the options of a tag filter. */
export function tagOptions(departments: readonly Department[] | undefined) {
  return (departments ?? []).flatMap((department) => [
    { value: String(department.id), label: department.name },
    ...department.roles.map((role) => ({ value: String(role.id), label: role.name, nested: true })),
  ]);
}

/**
 * Create, update and delete, each with its toasts. A changed or deleted tag also changes what member
 * cards and course cards show, so those answers are refreshed too; the tag list is refetched before a
 * dialog's own onSuccess, so that it closes onto the updated list.
 */
export function useTagMutations() {
  const invalidates = [
    trpc.tags.list.queryKey(),
    trpc.team.members.queryKey(),
    trpc.courses.pathKey(),
    // Tags are audiences: who must take what changes with them.
    ...progressReaders(),
  ];
  const create = useMutation(
    trpc.tags.create.mutationOptions({
      meta: { success: TAG_TEXT.created, failure: TAG_TEXT.createFailed, invalidates },
    }),
  );
  const update = useMutation(
    trpc.tags.update.mutationOptions({
      meta: { success: TAG_TEXT.updated, failure: TAG_TEXT.updateFailed, invalidates },
    }),
  );
  const remove = useMutation(
    trpc.tags.delete.mutationOptions({
      meta: { success: TAG_TEXT.deleted, failure: TAG_TEXT.deleteFailed, invalidates },
    }),
  );
  return { create, update, remove };
}

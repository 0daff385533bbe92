import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/routers/index.js";
import { FRESHNESS } from "../../../shared/constants.js";
import { errorMessage } from "../../lib/errors.js";
import { toast } from "../../lib/toast.js";
import { trpc } from "../../lib/trpc.js";

export type Department = inferRouterOutputs<AppRouter>["tags"]["list"][number];
export type TagItem = Department["roles"][number];

/** The fixed texts of spec §8 for tags. */
export const TAG_TEXT = {
  created: "Tag created successfully!",
  updated: "Tag updated successfully!",
  deleted: "Tag deleted successfully!",
  createFailed: "Failed to create tag.",
  updateFailed: "Failed to update tag.",
  deleteFailed: "Failed to delete tag.",
  loadFailed: "Error Loading Tags",
} as const;

/** The department tree of the current organization; fresh for 5 minutes (spec §9). */
export function useTagTree() {
  return trpc.tags.list.useQuery(undefined, { staleTime: FRESHNESS.contentMs });
}

/**
 * Create, update and delete, each with its toasts. A changed or deleted tag also changes what member
 * cards and course cards show, so those answers are refreshed too; the tag list itself is awaited so
 * that a dialog closes onto the updated list.
 */
export function useTagMutations() {
  const utils = trpc.useUtils();
  const refresh = async () => {
    void utils.team.members.invalidate();
    void utils.courses.invalidate();
    await utils.tags.list.invalidate();
  };
  const create = trpc.tags.create.useMutation({
    onSuccess: async () => {
      toast.success(TAG_TEXT.created);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, TAG_TEXT.createFailed)),
  });
  const update = trpc.tags.update.useMutation({
    onSuccess: async () => {
      toast.success(TAG_TEXT.updated);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, TAG_TEXT.updateFailed)),
  });
  const remove = trpc.tags.delete.useMutation({
    onSuccess: async () => {
      toast.success(TAG_TEXT.deleted);
      await refresh();
    },
    onError: (error) => toast.error(errorMessage(error, TAG_TEXT.deleteFailed)),
  });
  return { create, update, remove };
}

import { ORG_MESSAGES } from "#shared/org-messages.js";

/** The fixed texts of docs/SPEC.md §8 for organizations, as the client shows them. */
export const ORG_TEXT = {
  switched: (name: string) => `Switched to ${name}`,
  switchFailed: "Failed to switch organization.",
  switchToRequestedFailed: "Could not switch to the requested organization.",
  invalidIdentifier: "Invalid organization identifier.",
  noAccess: ORG_MESSAGES.noAccess,
  created: (name: string) => `Organization "${name}" created!`,
  createFailed: ORG_MESSAGES.createFailed,
  updated: "Organization updated successfully.",
  updateFailed: "Failed to update organization.",
  deleteFailed: "Failed to delete organization.",
  statsFailed: "Could not load statistics.",
  storageFailed: "Could not load the storage used.",
  loadFailed: "Error Loading Organization",
  urlUnchangeable: "The URL cannot be changed later.",
} as const;

/**
 * Toast ids: a guard may run twice for one navigation (a reload, a second tab's switch), and the same
 * notice must not stack up.
 */
export const ORG_TOAST_IDS = {
  switched: "org-switched",
  guard: "org-guard",
} as const;

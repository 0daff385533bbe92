import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { ROLES } from "#shared/roles.js";
import { id, text } from "./common.js";
import { TAG_MESSAGES } from "./tags.js";
import { inviteInput, TEAM_MESSAGES } from "./team.js";

/** Pending invitations, bulk invite, removing people and leaving, the team's search and pages. */
export const TEAM_ADMIN_MESSAGES = {
  invitationIdInvalid: "Invitation ID must be a positive number.",
  invitationNotFound: "Invitation not found.",
  invitationUsed: "This invitation has already been accepted.",
  rowsRequired: "Add at least one person to invite.",
  rowsTooMany: "At most 200 people can be invited at once.",
  rowInvalid: "This line is not a person to invite.",
  duplicateInBatch: "This email address appears more than once in the list.",
  tagNameUnknown: "Tag not found:",
  tagNameAmbiguous: "More than one tag has this name:",
  removeSelf: "To leave the organization yourself, use Leave organization.",
  removeAdmin: "Only an admin can remove an admin.",
  lastAdminLeave: "You are the last admin. Make someone else an admin before you leave.",
  searchTooLong: "Search can be at most 100 characters.",
  limitInvalid: "Limit must be a whole number from 1 to 100.",
  cursorInvalid: "Cursor must be a positive number.",
  tagIdInvalid: "Tag ID must be a positive number.",
} as const;

const M = TEAM_ADMIN_MESSAGES;

/**
 * The refusals of the invitation limits (INVITATION_LIMITS), as the invite form and the bulk list show
 * them: who has reached which limit, and what to do. `newer` is added when the lower limits of a new
 * organization or account are the ones reached.
 */
export const INVITATION_LIMIT_MESSAGES = {
  organizationPerHour: (limit: number) =>
    `Your organization has sent ${limit} invitations in the last hour, the most allowed. Please wait an hour, then invite the rest.`,
  organizationPerDay: (limit: number) =>
    `Your organization has sent ${limit} invitations in the last 24 hours, the most allowed. Please invite the rest tomorrow.`,
  accountPerHour: (limit: number) =>
    `You have sent ${limit} invitations in the last hour, the most one person may send. Please wait an hour, then invite the rest.`,
  accountPerDay: (limit: number) =>
    `You have sent ${limit} invitations in the last 24 hours, the most one person may send. Please invite the rest tomorrow.`,
  newOrganization: "New organizations can send fewer invitations in their first week.",
  newAccount: "New accounts can send fewer invitations in their first week.",
} as const;

export const BULK_INVITE_MAX = 200;
const MEMBERS_PAGE_MAX = 100;
/**
 * team/invitations without `limit`: the newest this many, which is every one for the lists the documented
 * call was made for; the team page reads pages (docs/decisions/0270-invitation-limits-pages-fair-outbox.md).
 */
export const INVITATIONS_UNPAGED_MAX = 500;

export const invitationIdInput = z.object(
  { invitationId: id(M.invitationIdInvalid) },
  { error: M.invitationIdInvalid },
);

export const userIdInput = z.object(
  { userId: id(TEAM_MESSAGES.userIdInvalid) },
  { error: TEAM_MESSAGES.userIdInvalid },
);

/** One line of a bulk invite: the single invite's fields, plus tags by name (a pasted CSV names them). */
export const inviteRowInput = inviteInput.extend({
  tags: z
    .array(text({ error: M.rowInvalid }).trim().min(1, M.rowInvalid).max(LIMITS.tagNameMax, TAG_MESSAGES.nameTooLong), {
      error: M.rowInvalid,
    })
    .max(LIMITS.tagsPerMemberMax, TEAM_MESSAGES.tagIdsTooMany)
    .default([]),
});

/**
 * The rows are checked one by one by the handler (inviteRowInput), so that one bad line is reported
 * with its reason instead of refusing the list.
 */
export const inviteManyInput = z.object(
  {
    rows: z.array(z.unknown(), { error: M.rowsRequired }).min(1, M.rowsRequired).max(BULK_INVITE_MAX, M.rowsTooMany),
  },
  { error: M.rowsRequired },
);

/**
 * team/members: all optional, so that the documented call without any answers as it always did. `former`
 * lists the people who were removed or left instead of the members; `cursor` is the user id of the last
 * member of the previous page.
 */
/** A page of the team's lists: how many (1–100) and after which id; both optional. */
const pageFields = {
  limit: z
    .number({ error: M.limitInvalid })
    .int(M.limitInvalid)
    .min(1, M.limitInvalid)
    .max(MEMBERS_PAGE_MAX, M.limitInvalid)
    .optional(),
  cursor: id(M.cursorInvalid).optional(),
};

export const membersInput = z
  .object({
    search: text({ error: M.searchTooLong }).trim().max(100, M.searchTooLong).optional(),
    role: z.enum(ROLES, { error: TEAM_MESSAGES.roleInvalid }).optional(),
    tagId: id(M.tagIdInvalid).optional(),
    former: z.boolean().optional(),
    ...pageFields,
  })
  .optional();
export type MembersInput = z.input<typeof membersInput>;

/**
 * team/invitations: both optional, so that the documented call without them answers as it did. `cursor`
 * is the id of the last invitation of the previous page (newest first).
 */
export const invitationsInput = z
  .object({
    ...pageFields,
  })
  .optional();
export type InvitationsInput = z.input<typeof invitationsInput>;

/** Which people a report lists (docs/SPEC.md §7): with the former members (marked), without them, or only them. */
const FORMER_FILTERS = ["include", "exclude", "only"] as const;
export type FormerFilter = (typeof FORMER_FILTERS)[number];

/** Added to the reports' inputs: `former` is optional, so their documented calls answer as before. */
export const formerFilterInput = z
  .object({
    former: z.enum(FORMER_FILTERS, { error: "Former must be include, exclude or only." }).default("include"),
  })
  .prefault({});

import { z } from "zod";
import { DEFAULT_INVITE_ROLE, LIMITS } from "#shared/constants.js";
import { ROLES } from "#shared/roles.js";
import { emailField, id, text } from "./common.js";

export const TEAM_MESSAGES = {
  inviteEmail: "A valid email is required.",
  inviteName: "Name is required.",
  memberName: "Name must be at least 2 characters.",
  memberEmail: "Please enter a valid email address.",
  nameTooLong: "Name must be at most 100 characters.",
  roleInvalid: "Please choose a valid role.",
  userIdInvalid: "User ID must be a positive number.",
  tokenRequired: "Invitation token is required.",
  memberNotFound: "Team member not found.",
  ownRole: "You cannot change your own role.",
  adminOnly: "Only an admin can grant or remove the admin role.",
  lastAdmin: "An organization must keep at least one admin.",
  alreadyMember: "This person is already a member of this organization.",
  emailOwnerOnly: "Only the person can change their own email address, on their Account page.",
  invitationInvalid:
    "This invitation link no longer works: it was already used, withdrawn or replaced by a newer link. Ask your manager for a new link.",
  invitationExpired: "This invitation has expired. Ask your manager for a new link.",
  invitationMismatch: "This invitation is for a different email address.",
  alreadyInOrganization: "You are already part of an organization. You cannot accept another invitation.",
  tagNotFound: "Tag not found.",
  tagIdsTooMany: `A member can have up to ${LIMITS.tagsPerMemberMax} tags.`,
} as const;

const roleField = z.enum(ROLES, { error: TEAM_MESSAGES.roleInvalid });
const tagIdsField = z
  .array(id(TEAM_MESSAGES.tagNotFound), { error: TEAM_MESSAGES.tagNotFound })
  .max(LIMITS.tagsPerMemberMax, TEAM_MESSAGES.tagIdsTooMany)
  .default([]);

export const inviteInput = z.object({
  name: text({ error: TEAM_MESSAGES.inviteName })
    .trim()
    .min(1, TEAM_MESSAGES.inviteName)
    .max(LIMITS.personNameMax, TEAM_MESSAGES.nameTooLong),
  email: emailField(TEAM_MESSAGES.inviteEmail),
  role: roleField.default(DEFAULT_INVITE_ROLE),
  tagIds: tagIdsField,
});

export const updateRoleInput = z.object({
  userId: id(TEAM_MESSAGES.userIdInvalid),
  newRole: roleField,
});

export const updateMemberInput = z.object({
  userId: id(TEAM_MESSAGES.userIdInvalid),
  name: text({ error: TEAM_MESSAGES.memberName })
    .trim()
    .min(LIMITS.personNameMin, TEAM_MESSAGES.memberName)
    .max(LIMITS.personNameMax, TEAM_MESSAGES.nameTooLong),
  email: emailField(TEAM_MESSAGES.memberEmail),
  role: roleField,
  tagIds: tagIdsField,
});

/** decode-invite is a GET: a link without `?token=` arrives as no input, which is the same mistake. */
export const tokenInput = z.object(
  { token: text({ error: TEAM_MESSAGES.tokenRequired }).trim().min(1, TEAM_MESSAGES.tokenRequired).max(300) },
  { error: TEAM_MESSAGES.tokenRequired },
);

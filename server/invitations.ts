import { createHash, randomBytes } from "node:crypto";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { DAY_MS, INVITATION_DAYS } from "#shared/constants.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { Invitation, Organization } from "./entities/index.js";
import { fail } from "./errors.js";
import { scopeToOrganization } from "./trpc-org.js";

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * docs/DESIGN.md §5: the token is `<org-slug>.<random secret>`; the slug lets the page and the server find the
 * organization. Only the secret's hash is kept, and the link expires after INVITATION_DAYS.
 */
export function newInvitationToken(slug: string): { token: string; secretHash: string; expiresAt: Date } {
  const secret = randomBytes(32).toString("base64url");
  return {
    token: `${slug}.${secret}`,
    secretHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
  };
}

export function slugOfToken(token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  return token.slice(0, dot).toLowerCase();
}

/**
 * The open invitation a token names, with its organization; the entity manager is scoped to that
 * organization afterwards. Unknown, malformed and used tokens read alike.
 */
export async function openInvitation(
  em: SqlEntityManager,
  token: string,
): Promise<{ invitation: Invitation; organization: Organization }> {
  const slug = slugOfToken(token);
  const secret = token.slice(token.lastIndexOf(".") + 1);
  if (!slug || secret.length < 20) throw fail.notFound(TEAM_MESSAGES.invitationInvalid);
  const organization = await em.findOne(Organization, { slug });
  if (!organization) throw fail.notFound(TEAM_MESSAGES.invitationInvalid);
  scopeToOrganization(em, organization.id);
  const invitation = await em.findOne(Invitation, { secretHash: hashSecret(secret) }, { populate: ["invitedBy"] });
  if (!invitation || invitation.acceptedAt) throw fail.notFound(TEAM_MESSAGES.invitationInvalid);
  if (invitation.expiresAt.getTime() <= Date.now()) throw fail.badRequest(TEAM_MESSAGES.invitationExpired);
  return { invitation, organization };
}

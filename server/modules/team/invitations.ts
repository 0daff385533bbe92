import { createHash, randomBytes } from "node:crypto";
import type { EntityManager } from "@mikro-orm/core";
import type { SqlEntityManager } from "@mikro-orm/knex";
import { emailKeyOf, type User } from "#server/modules/identity/index.js";
import { Organization } from "#server/modules/organizations/index.js";
import { createOwned, scopeToOrganization } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import { fail } from "#server/platform/http/errors.js";
import { type ListeningServer, publicBaseUrl } from "#server/platform/http/public-url.js";
import { DAY_MS, INVITATION_DAYS } from "#shared/constants.js";
import type { Role } from "#shared/roles.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { Invitation } from "./invitation.entity.js";

function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * docs/DESIGN.md §5: the token is `<org-slug>.<random secret>`; the slug lets the page and the server find the
 * organization. Only the secret's hash is kept, and the link expires after INVITATION_DAYS.
 */
function newInvitationToken(slug: string): { token: string; secretHash: string; expiresAt: Date } {
  const secret = randomBytes(32).toString("base64url");
  return {
    token: `${slug}.${secret}`,
    secretHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
  };
}

function slugOfToken(token: string): string | null {
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

/** Who is invited where, by whom, and the base the link is built on (publicBaseUrl: never the Host header). */
export interface InvitationRequest {
  organization: Organization;
  invitedBy: User;
  name: string;
  email: string;
  role: Role;
  /** Tags of this organization, already checked. */
  tagIds: readonly number[];
  baseUrl: string;
}

export interface IssuedInvitation {
  invitation: Invitation;
  /** The only place the secret ever is: the link is shown (or sent) once and never stored. */
  inviteLink: string;
}

/**
 * The one way an invitation comes to be: team/invite, team/resend-invite and team/invite-many all call it.
 * A new invitation for the same person replaces their open one, whose link stops working at once.
 * The row is created on `em` (the request's transaction), so what is sent about it commits with it.
 */
export async function issueInvitation(em: EntityManager, request: InvitationRequest): Promise<IssuedInvitation> {
  const { organization } = request;
  const emailKey = emailKeyOf(request.email);
  await em.nativeDelete(Invitation, { organization: organization.id, emailKey, acceptedAt: null });
  const { token, secretHash, expiresAt } = newInvitationToken(organization.slug);
  const invitation = createOwned({ em, organization }, Invitation, {
    name: request.name,
    email: request.email,
    emailKey,
    role: request.role,
    tagIds: [...request.tagIds],
    secretHash,
    invitedBy: request.invitedBy,
    expiresAt,
  });
  const inviteLink = `${request.baseUrl}/${organization.slug}/invite?token=${encodeURIComponent(token)}`;
  return { invitation, inviteLink };
}

/** Where an invitation's link points: PUBLIC_URL, or the address this server listens on; never the Host header. */
export function inviteLinkBase(ctx: { config: Pick<Config, "publicUrl">; req: { server: ListeningServer } }): string {
  return publicBaseUrl(ctx.config, ctx.req.server);
}

import type { EntityManager } from "@mikro-orm/core";
import { emailKeyOf, User } from "#server/modules/identity/index.js";
import {
  belongsToAnyOrganization,
  findMembership,
  Membership,
  sortNameOf,
} from "#server/modules/organizations/index.js";
import { MemberTag, Tag } from "#server/modules/tags/index.js";
import { forgetDeparture } from "#server/modules/team/index.js";
import { recordTrainingEvent } from "#server/platform/api/training-events.js";
import { type OrganizationRecord, organizationEntity } from "#server/platform/db/tenant-scope.js";
import type { SsoSignInError } from "#shared/schemas/sso.js";
import type { SignedInClaims } from "./oidc-client.js";
import { SsoIdentity, type SsoProvider } from "./sso.entity.js";

/**
 * Who a checked ID token signs in (docs/decisions/0370-oidc-sign-in.md): the account linked to the
 * provider's subject; else a known account by its verified e-mail, linked only after a password proof
 * (the browser is signed in to it) or, when the admin allows automatic linking, if it is already a
 * member here; else a new account, just in time. Whoever it is joins the organization with the provider's
 * default access level and job roles, unless already a member (or a member of another organization, which
 * docs/SPEC.md §6 refuses as an invitation does). Runs on an entity manager scoped to the organization.
 */
export async function accountForClaims(
  em: EntityManager,
  provider: SsoProvider,
  organization: OrganizationRecord,
  claims: SignedInClaims,
  signedInUserId: number | null,
): Promise<{ user: User } | { refused: SsoSignInError }> {
  if (!claims.emailVerified || claims.email === "") return { refused: "emailUnverified" };
  const linked = await em.findOne(
    SsoIdentity,
    { provider: provider.id, subject: claims.subject },
    { populate: ["user"] },
  );
  let user = linked?.user ?? null;
  if (!user) {
    const emailKey = emailKeyOf(claims.email);
    const known = await em.findOne(User, { emailKey });
    if (known) {
      const member = (await findMembership(em, known, organization.id)) !== null;
      const proved = signedInUserId === known.id;
      if (!proved && !(provider.autoLink && member)) return { refused: "linkNeeded" };
      user = known;
    } else {
      user = em.create(User, {
        name: claims.name ?? claims.email.split("@")[0] ?? claims.email,
        email: claims.email,
        emailKey,
        // No password: none was ever chosen. No argon2 hash is empty, so none ever matches it.
        passwordHash: "",
        currentOrganization: null,
      });
    }
    em.persist(
      em.create(SsoIdentity, {
        organization: organizationEntity(em, organization),
        provider,
        subject: claims.subject,
        user,
      }),
    );
  }
  if (!(await findMembership(em, user, organization.id))) {
    if (await belongsToAnyOrganization(em, user)) return { refused: "otherOrganization" };
    await joinOrganization(em, provider, organization, user);
  }
  user.currentOrganization = organizationEntity(em, organization);
  return { user };
}

async function joinOrganization(
  em: EntityManager,
  provider: SsoProvider,
  organizationRecord: OrganizationRecord,
  user: User,
): Promise<void> {
  const organization = organizationEntity<Membership["organization"]>(em, organizationRecord);
  const membership = em.create(Membership, {
    organization,
    user,
    role: provider.defaultRole,
    sortName: sortNameOf(user.name),
  });
  // A job role deleted since the provider was set up is dropped, as an invitation's is.
  const tags = provider.defaultTagIds.length ? await em.find(Tag, { id: { $in: provider.defaultTagIds } }) : [];
  for (const tag of tags) em.create(MemberTag, { organization, membership, tag });
  await em.flush();
  await forgetDeparture(em, organizationRecord.id, user.id);
  await recordTrainingEvent(
    { em },
    {
      organizationId: organizationRecord.id,
      kind: "member.joined",
      occurredAt: new Date(),
      actorId: user.id,
      subjectUserId: user.id,
      facts: { role: provider.defaultRole, by: "sso" },
    },
  );
}

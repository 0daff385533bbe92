import type { EntityManager } from "@mikro-orm/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { OrganizationRecord } from "#server/platform/db/tenant-scope.js";
import type { Config } from "#server/platform/http/config.js";
import type { Language } from "#shared/i18n/languages.js";
import type { Role } from "#shared/roles.js";
import { Hooks } from "./hooks.js";

/**
 * What the procedure builders know of the person calling: plain, read-only records (decision 0205) that
 * the identity module reads and the organizations module answers memberships with. The platform names
 * their shapes and the two lookups it needs; the composition provides the lookups (requestIdentity).
 */

/** What a request knows of its session: enough to judge expiry and the last-seen step, and to name it. */
export interface SessionRecord {
  tokenHash: string;
  expiresAt: Date;
  renewedAt: Date;
  lastSeenAt: Date;
}

/**
 * The signed-in user as every request knows them. A write that changes the user registers the entity
 * with `managedUser` (identity) first; the fields are read-only so that a change to the record, which
 * nothing would save, does not compile.
 */
export interface SignedInUser {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly emailKey: string;
  readonly currentOrganization: { readonly id: number } | null;
  /** The account's own choice of interface language; null follows the browser (decision 0380). */
  readonly language: Language | null;
  readonly createdAt: Date;
}

/** A membership with its organization, as the request's scope carries it (see managedMembership for writes). */
export interface MembershipRecord {
  readonly id: number;
  readonly role: Role;
  readonly displayName: string | null;
  readonly createdAt: Date;
  readonly organization: OrganizationRecord;
  readonly user: { readonly id: number };
}

export interface SessionLookup {
  session: SessionRecord;
  user: SignedInUser;
  /** The user's membership of their current organization, or null. */
  currentMembership: MembershipRecord | null;
}

/**
 * What an API key grants (docs/decisions/0320-api-keys.md): the organization's membership it acts as (the
 * key's organization, with the key's access level as the role) and the user it acts for (the admin who
 * made it), both plain records, and whether it may only read.
 */
export interface ApiKeyGrant {
  keyId: number;
  user: SignedInUser;
  membership: MembershipRecord;
  readOnly: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The request's API key, resolved once, before any transaction (server/platform/api/trpc.ts). */
    apiKeyGrant?: Promise<ApiKeyGrant>;
    /**
     * The session looked up once for a request that runs several procedures, all reads (a page's first
     * answers, server/platform/pages/page-answers.ts, decision 0236): each signed-in procedure uses it instead of its own lookup.
     */
    sharedSession?: Promise<SessionLookup | null>;
  }
}

/** The lookups of every signed-in request, provided by the composition (server/router.ts). */
export interface RequestIdentity {
  /** The request's session from its cookie (renewed as it ages), or null: the identity module's. */
  resumeSession(
    em: EntityManager,
    req: FastifyRequest,
    reply: FastifyReply,
    config: Config,
  ): Promise<SessionLookup | null>;
  /** The user's membership of the organization; "not found" for strangers: the organizations module's. */
  membershipOf(em: EntityManager, user: Pick<SignedInUser, "id">, organizationId: number): Promise<MembershipRecord>;
  /**
   * The second way a request is identified: the API key of its `Authorization: Bearer` header, or null
   * for an unknown, revoked or expired one (401); asked only when the header is there: the api-access module's.
   */
  resumeApiKey(em: EntityManager, key: string, at: Date): Promise<ApiKeyGrant | null>;
}

export const requestIdentity = new Hooks<RequestIdentity>("requestIdentity");

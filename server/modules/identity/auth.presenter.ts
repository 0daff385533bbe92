import type { EntityManager } from "@mikro-orm/core";
import { Hooks } from "#server/platform/api/hooks.js";
import type { MembershipRecord, SignedInUser } from "#server/platform/api/session.js";
import { type Language, pickLanguage } from "#shared/i18n/languages.js";
import type { Role } from "#shared/roles.js";

/** The user's current organization and their role there, as the organizations module presents it. */
interface CurrentOrganizationView {
  id: number;
  name: string;
  slug: string;
  role: Role;
}

/**
 * The part of the user's answer the organizations module fills (registered by server/router.ts): identity
 * sits below it and names only the shape (docs/DESIGN.md §3).
 */
export interface UserViewParts {
  /**
   * The user's membership of their current organization, presented; null when they have none.
   * `currentMembership` is the session lookup's: when it is still the current one, no query.
   */
  currentOrganizationOf(
    em: EntityManager,
    user: SignedInUser,
    currentMembership: MembershipRecord | null,
  ): Promise<{ view: CurrentOrganizationView; defaultLanguage: Language } | null>;
}

export const userViewParts = new Hooks<UserViewParts>("userViewParts");

/**
 * The signed-in user as the client sees it (auth/me, login, register, orgs/switch; docs/SPEC.md §3). No hash,
 * token or internal column leaves the server.
 */
export interface UserView {
  id: number;
  name: string;
  email: string;
  currentOrgId: number | null;
  currentOrganization: CurrentOrganizationView | null;
  /**
   * The language the person is answered in (decision 0380): their own choice, else their browser's
   * (`browserLocales`, from the request's Accept-Language), else their current organization's default.
   */
  language: Language;
  /** Their own choice, or null while they follow the browser (the account page's picker). */
  languageSetting: Language | null;
}

/** `currentMembership`: the session lookup's, when it is still the user's current one (no query then). */
export async function presentUser(
  em: EntityManager,
  user: SignedInUser,
  browserLocales: readonly string[],
  currentMembership: MembershipRecord | null = null,
): Promise<UserView> {
  const current = await userViewParts.one.currentOrganizationOf(em, user, currentMembership);
  const currentOrganization = current?.view ?? null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    language: pickLanguage({
      account: user.language,
      browser: browserLocales,
      organization: current?.defaultLanguage,
    }),
    languageSetting: user.language,
    currentOrgId: currentOrganization ? currentOrganization.id : null,
    currentOrganization,
  };
}

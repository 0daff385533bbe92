import type { EntityManager } from "@mikro-orm/core";
import type { Role } from "../shared/roles.js";
import { Membership, type User } from "./entities/index.js";

/** The user as the client sees it (spec §3). No hash, token or internal column leaves the server. */
export interface UserView {
  id: number;
  name: string;
  email: string;
  currentOrgId: number | null;
  currentOrganization: { id: number; name: string; slug: string; role: Role } | null;
}

export async function userView(em: EntityManager, user: User): Promise<UserView> {
  const orgId = user.currentOrganization?.id ?? null;
  const membership =
    orgId === null
      ? null
      : await em.findOne(Membership, { user: user.id, organization: orgId }, { populate: ["organization"] });
  const org = membership?.organization;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    currentOrgId: org ? org.id : null,
    currentOrganization: org ? { id: org.id, name: org.name, slug: org.slug, role: membership.role } : null,
  };
}

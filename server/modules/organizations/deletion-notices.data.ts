import type { EntityManager } from "@mikro-orm/core";
import type { SignedInUser } from "#server/modules/identity/index.js";
import { fail } from "#server/platform/http/errors.js";
import { DeletionNotice } from "./deletion-notice.entity.js";
import { Membership, type Organization } from "./organization.entity.js";

/** A deleted organization as one of its former members is told of it (orgs/deleted). */
export interface DeletionNoticeView {
  id: number;
  organizationName: string;
  organizationSlug: string;
  deletedByName: string | null;
  deletedAt: Date;
}

const NOTICE_NOT_FOUND = "Notice not found.";

/**
 * Before orgs/delete removes the organization: a notice for each of its other members, in the same
 * transaction, so that they are told it was deleted rather than that they have no access (decision 0296).
 */
export async function noteDeletionForMembers(
  em: EntityManager,
  organization: Pick<Organization, "id" | "name" | "slug">,
  deleter: { userId: number; name: string },
): Promise<void> {
  const others = await em.find(
    Membership,
    { organization: organization.id, user: { $ne: deleter.userId } },
    { fields: ["user"] },
  );
  const deletedAt = new Date();
  for (const membership of others) {
    em.create(DeletionNotice, {
      user: membership.user,
      organizationName: organization.name,
      organizationSlug: organization.slug,
      deletedByName: deleter.name,
      deletedAt,
    });
  }
  await em.flush();
}

/** orgs/deleted: the caller's notices, newest first. */
export async function deletionNoticesOf(em: EntityManager, user: SignedInUser): Promise<DeletionNoticeView[]> {
  const notices = await em.find(DeletionNotice, { user: user.id }, { orderBy: { deletedAt: "desc", id: "desc" } });
  return notices.map(({ id, organizationName, organizationSlug, deletedByName, deletedAt }) => ({
    id,
    organizationName,
    organizationSlug,
    deletedByName,
    deletedAt,
  }));
}

/** orgs/dismiss-deleted: the caller's own notice only; anyone else's is "not found" and stays. */
export async function dismissDeletionNotice(
  em: EntityManager,
  user: SignedInUser,
  noticeId: number,
): Promise<{ message: string }> {
  const removed = await em.nativeDelete(DeletionNotice, { id: noticeId, user: user.id });
  if (removed === 0) throw fail.notFound(NOTICE_NOT_FOUND);
  return { message: "Notice dismissed." };
}

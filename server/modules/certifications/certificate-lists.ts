import type { MembershipRecord } from "#server/modules/identity/index.js";
import { type CycleScope, settleCertificates } from "./certificate-cycles.js";
import { type CertificateFilter, certificateRows, holderTags } from "./certifications.data.js";
import {
  type CertificateView,
  type HeldCertificateView,
  presentCertificates,
  presentHeldCertificates,
} from "./certifications.presenter.js";
import type { CertificateListFilter } from "./certifications.rules.js";
import { passesListFilter } from "./certifications.rules.js";

/** The caller's own certificates (certificates/mine), every cycle, newest first, settled first. */
export async function myCertificates(
  scope: CycleScope & { membership: MembershipRecord },
  now: Date,
): Promise<CertificateView[]> {
  const userId = scope.membership.user.id;
  await settleCertificates(scope, now, userId);
  return presentCertificates(await certificateRows(scope.em, { userId }), now);
}

/** The organization's certificates (certificates/list) by holder, course, status, expiry and tag. */
export async function listCertificates(
  scope: CycleScope,
  filter: CertificateFilter & CertificateListFilter,
  now: Date,
): Promise<HeldCertificateView[]> {
  await settleCertificates(scope, now, filter.userId);
  const rows = await certificateRows(scope.em, filter);
  const tags = await holderTags(scope.em, rows);
  return presentHeldCertificates(rows, tags, now).filter((view, index) => {
    const membershipId = rows[index]?.membershipId ?? null;
    return passesListFilter(filter, view, membershipId === null ? undefined : tags.get(membershipId)?.reach, now);
  });
}

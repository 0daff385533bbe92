import type { SqlEntityManager } from "@mikro-orm/knex";
import { readRowAcrossOrganizations } from "#server/platform/db/rows.js";
import {
  type CertificateRecord,
  type CertificateRow,
  certificateFromRecord,
  certificateSelect,
} from "./certifications.data.js";

/** A certificate found by its verification code, with its organization's name. */
export interface VerifiedCertificateRow extends CertificateRow {
  organizationName: string;
}

/**
 * The certificate of a verification link, in whichever organization issued it: the public page has no
 * organization to be scoped to, and the code (144 random bits) is the only key it is read by. A certificate
 * earned elsewhere is not the organization's to vouch for (decision 0350): its code verifies nothing.
 */
export async function certificateByCode(
  em: SqlEntityManager,
  code: string,
): Promise<VerifiedCertificateRow | undefined> {
  const row = await readRowAcrossOrganizations<CertificateRecord & { organization_name: string }>(
    em,
    `${certificateSelect(", o.name as organization_name", " join organizations o on o.id = k.organization_id")}
     where k.verification_code = ? and x.id is null`,
    [code],
  );
  return row && { ...certificateFromRecord(row), organizationName: row.organization_name };
}

import type { SqlEntityManager } from "@mikro-orm/knex";
import { createOwned, type OrganizationScope } from "#server/platform/db/tenant-scope.js";
import { DocumentControlSetting } from "./revision.entity.js";

/** An organization's document-control settings (docs/decisions/0391-approval-of-revisions.md): one row, made when first set. */

export interface DocumentControlSettings {
  approvalRequired: boolean;
}

/** The request organization's settings; the defaults when never set. */
export async function documentControlSettings(em: SqlEntityManager): Promise<DocumentControlSettings> {
  const row = await em.findOne(DocumentControlSetting, {});
  return { approvalRequired: row?.approvalRequired ?? false };
}

export async function approvalRequired(em: SqlEntityManager): Promise<boolean> {
  return (await documentControlSettings(em)).approvalRequired;
}

export async function saveDocumentControlSettings(
  scope: OrganizationScope & { em: SqlEntityManager },
  settings: DocumentControlSettings,
): Promise<DocumentControlSettings> {
  const row = (await scope.em.findOne(DocumentControlSetting, {})) ?? createOwned(scope, DocumentControlSetting, {});
  row.approvalRequired = settings.approvalRequired;
  await scope.em.flush();
  return { approvalRequired: row.approvalRequired };
}

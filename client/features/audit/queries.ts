import { trpc } from "#client/lib/trpc.js";
import type { EvidenceKind } from "#shared/evidence.js";

/** The audit trail (docs/decisions/0300-evidence-log.md): the log's pages, the chain's state, the key. */

export interface AuditFilters {
  userId?: number;
  courseId?: number;
  kind?: EvidenceKind;
  from?: string;
  to?: string;
}

export const AUDIT_TEXT = {
  listFailed: "Could not load the audit trail.",
  verifyFailed: "Could not check the log.",
  packFailed: "Could not make the inspection pack.",
} as const;

/** The log newest first, a page at a time, each continuing before the last entry of the one before. */
export function auditPagesQuery(filters: AuditFilters) {
  return trpc.audit.list.infiniteQueryOptions(filters, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Checked afresh on every visit: the point is to see tampering now, not a remembered answer. */
export function chainStateQuery() {
  return trpc.audit.verify.queryOptions(undefined, { staleTime: 0 });
}

export function publicKeyQuery() {
  return trpc.audit.publicKey.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY });
}

import { nowOf, router } from "#server/platform/api/trpc.js";
import { permittedProcedure } from "#server/platform/api/trpc-org.js";
import { EVIDENCE_PAGE_SIZE } from "#shared/evidence.js";
import { auditListInput, auditPackInput } from "#shared/schemas/evidence.js";
import { listedLinks } from "./evidence.data.js";
import { presentAuditPage, presentChainState, presentPublicKey } from "./evidence.presenter.js";
import { assertNamedInLog, dayRange } from "./evidence.rules.js";
import { organizationKey } from "./evidence-keys.js";
import { buildPack } from "./evidence-pack.js";
import { verifyOrganizationChain } from "./evidence-verification.js";

/**
 * The audit trail (docs/decisions/0300-evidence-log.md), admins only (docs/DESIGN.md §6): each answers
 * for the caller's organization, so another organization's log is never reachable; a person or course
 * its log never names is "not found".
 */
const auditProcedure = permittedProcedure("audit.view");

export const auditRouter = router({
  /** The organization's chained entries, newest first, filtered, a page at a time. */
  list: auditProcedure
    .meta({ rest: { method: "GET", path: "/audit/list" } })
    .input(auditListInput)
    .query(async ({ ctx, input }) => {
      await assertNamedInLog(ctx.em, input);
      const links = await listedLinks(ctx.em, {
        userId: input.userId,
        courseId: input.courseId,
        kind: input.kind,
        ...dayRange(input.from, input.to),
        beforeSeq: input.cursor,
        limit: EVIDENCE_PAGE_SIZE,
      });
      return presentAuditPage(links, EVIDENCE_PAGE_SIZE);
    }),

  /** The chain's state: intact up to entry N, or the first broken entry and why. */
  verify: auditProcedure
    .meta({ rest: { method: "GET", path: "/audit/verify" } })
    .query(async ({ ctx }) => presentChainState(await verifyOrganizationChain(ctx.em, ctx.config, nowOf(ctx)))),

  /** The inspection pack (application/zip): the log of a period and selection, signed now, to verify offline. */
  pack: auditProcedure
    .meta({ rest: { method: "POST", path: "/audit/pack", fileAnswer: true } })
    .input(auditPackInput)
    .mutation(({ ctx, input }) => buildPack(ctx, input, nowOf(ctx))),

  /** The organization's signing key: what its checkpoints verify with, and its fingerprint to compare. */
  publicKey: auditProcedure
    .meta({ rest: { method: "GET", path: "/audit/public-key" } })
    .query(async ({ ctx }) => presentPublicKey(await organizationKey(ctx.em, ctx.config, nowOf(ctx)))),
});

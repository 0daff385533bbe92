import type { EntityManager } from "@mikro-orm/core";
import { chainOf, pendingCount } from "./evidence.data.js";
import type { presentChainState } from "./evidence.presenter.js";
import { checkChain } from "./evidence-chain.rules.js";
import { firstRecordMismatch } from "./evidence-records.data.js";

/**
 * The organization's log checked as an auditor would (docs/decisions/0300-evidence-log.md): the chain
 * from entry 1 (gaps, order, contents), then the entries up to the first break against the records they
 * speak of. The first failure of either is the first broken entry.
 */
export async function verifyOrganizationChain(em: EntityManager): Promise<Parameters<typeof presentChainState>[0]> {
  const links = await chainOf(em);
  const chain = checkChain(links);
  const intact = links.slice(0, chain.intactUpTo);
  const mismatch = await firstRecordMismatch(em, intact);
  const pending = await pendingCount(em);
  if (mismatch) {
    return { entries: links.length, intactUpTo: mismatch.seq - 1, pending, head: chain.head, broken: mismatch };
  }
  return { entries: links.length, intactUpTo: chain.intactUpTo, pending, head: chain.head, broken: chain.broken };
}

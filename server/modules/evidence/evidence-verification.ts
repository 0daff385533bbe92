import type { SqlEntityManager } from "@mikro-orm/knex";
import type { Config } from "#server/platform/http/config.js";
import { chainOf, pendingCount } from "./evidence.data.js";
import type { presentChainState } from "./evidence.presenter.js";
import { checkChain, GENESIS_HASH } from "./evidence-chain.rules.js";
import { checkpointsOf, verifiedHeads } from "./evidence-checkpoints.js";
import { organizationKey } from "./evidence-keys.js";
import { currentRecords, firstRecordMismatch } from "./evidence-records.data.js";

/**
 * The organization's log checked as an auditor would (docs/decisions/0300-evidence-log.md): the
 * checkpoints' signatures with the organization's key, the chain from entry 1 (gaps, order, contents)
 * through every signed head, then the entries up to the first break against the records they speak of.
 * The first failure of any is the first broken entry.
 */
export async function verifyOrganizationChain(
  em: SqlEntityManager,
  config: Pick<Config, "secretKey" | "databaseUrl" | "dataDir">,
  now: Date,
): Promise<Parameters<typeof presentChainState>[0]> {
  const links = await chainOf(em);
  const checkpoints = await checkpointsOf(em);
  const { heads, forgedAt } =
    checkpoints.length === 0
      ? { heads: [], forgedAt: null }
      : verifiedHeads(checkpoints, (await organizationKey(em, config, now)).publicKey);
  const chain = checkChain(links, heads);
  let broken = chain.broken;
  if (forgedAt !== null && (broken === null || forgedAt < broken.seq)) broken = { seq: forgedAt, reason: "signature" };
  const intactUpTo = broken ? broken.seq - 1 : chain.intactUpTo;
  const intact = links.slice(0, intactUpTo);
  const mismatch = firstRecordMismatch(intact, await currentRecords(em, intact));
  const pending = await pendingCount(em);
  const first = mismatch ?? broken;
  const good = first ? first.seq - 1 : intactUpTo;
  return {
    entries: links.length,
    intactUpTo: good,
    pending,
    head: links[good - 1]?.hash ?? GENESIS_HASH,
    broken: first,
  };
}

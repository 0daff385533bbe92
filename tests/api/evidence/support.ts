import { expect } from "vitest";
import type { AuditPageView, ChainStateView } from "#server/modules/evidence/evidence.presenter.js";
import { SEQUENCER_JOB } from "#server/modules/evidence/index.js";
import type { TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { ok } from "../support/org-fixtures.js";

/** What the evidence tests share: the sequencer run now, the log read through its REST paths. */

export async function sequenced(app: TestApp): Promise<void> {
  await app.runScheduledJob(SEQUENCER_JOB);
}

export async function auditPage(api: ApiClient, query: Record<string, string> = {}): Promise<AuditPageView> {
  return ok<AuditPageView>(await api.get("/_api/audit/list", query));
}

export async function chainState(api: ApiClient): Promise<ChainStateView> {
  return ok<ChainStateView>(await api.get("/_api/audit/verify"));
}

/** The kinds of the organization's whole log, oldest first. */
export async function kindsOf(api: ApiClient): Promise<string[]> {
  const kinds: string[] = [];
  let cursor: number | null = null;
  do {
    const page: AuditPageView = await auditPage(api, cursor === null ? {} : { cursor: String(cursor) });
    kinds.unshift(...page.entries.map((entry) => entry.kind).reverse());
    cursor = page.nextCursor;
  } while (cursor !== null);
  return kinds;
}

export async function expectIntact(api: ApiClient): Promise<ChainStateView> {
  const state = await chainState(api);
  expect(state).toMatchObject({ broken: null, pending: 0, intactUpTo: state.entries });
  return state;
}

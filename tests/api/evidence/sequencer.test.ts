import type { SqlEntityManager } from "@mikro-orm/knex";
import { describe, expect, it } from "vitest";
import { appendEntry } from "#server/modules/evidence/evidence.data.js";
import { sequencePending } from "#server/modules/evidence/evidence-sequencer.js";
import { staffedOrganization } from "../support/course-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { chainState, expectIntact, sequenced } from "./support.js";

/**
 * The sequencer's rounds (docs/decisions/0400-evidence-append-cost.md): links written a statement per up
 * to 128 of them still number every entry once, gap-free; a round from a watermark reads only the entries
 * above it, and a round from the log's start chains what lies below.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "sequencer"));

/** `count` access changes of the organization's admin, appended as the events' own transactions do. */
async function appendChanges(count: number, label: string): Promise<void> {
  const em = app.orm.em.fork();
  await em.transactional(async (tx) => {
    for (let index = 0; index < count; index++) {
      await appendEntry(tx, {
        organizationId: staff.org.id,
        kind: "member.accessChanged",
        occurredAt: new Date(Date.UTC(2026, 10, 28, 8, 0, 0, index)),
        actorId: staff.admin.id,
        subjectUserId: staff.admin.id,
        facts: { change: `${label} ${index}` },
      });
    }
  });
}

async function highestEntryId(): Promise<number> {
  const [row] = await app.orm.em
    .fork()
    .getConnection()
    .execute<{ top: unknown }[]>("select max(id) as top from evidence_entries where organization_id = ?", [
      staff.org.id,
    ]);
  return Number(row?.top);
}

/** One round of the sequencer from `start`, in its own transaction. */
async function roundFrom(start: number): Promise<number> {
  const em = app.orm.em.fork() as SqlEntityManager;
  return em.transactional((tx) => sequencePending(tx, new Date(), start));
}

describe("the evidence sequencer", () => {
  it("numbers a batch of 1000 and its remainder once each, gap-free, whatever the statements' sizes", async () => {
    await sequenced(app);
    const before = await expectIntact(staff.admin.api);
    // 1000 in the first round (128 × 7 + 64 + 32 + 8 links), 203 in the next (128 + 64 + 8 + 2 + 1).
    await appendChanges(1203, "batch");
    expect((await chainState(staff.admin.api)).pending).toBe(1203);
    await sequenced(app);
    expect((await chainState(staff.admin.api)).pending).toBe(203);
    await sequenced(app);
    const after = await expectIntact(staff.admin.api);
    expect(after.entries).toBe(before.entries + 1203);
  });

  it("reads only above its start, answers the highest id it read, and a round from the start chains the rest", async () => {
    await sequenced(app);
    await appendChanges(3, "below");
    const watermark = await highestEntryId();
    await appendChanges(2, "above");
    const top = await highestEntryId();

    expect(await roundFrom(watermark)).toBe(top);
    expect((await chainState(staff.admin.api)).pending).toBe(3);
    // Nothing above the watermark is left: the start comes back as the answer.
    expect(await roundFrom(top)).toBe(top);
    expect((await chainState(staff.admin.api)).pending).toBe(3);

    expect(await roundFrom(0)).toBe(watermark);
    const state = await expectIntact(staff.admin.api);
    expect(state.pending).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import type { TestApp } from "../support/app.js";
import { staffedOrganization } from "../support/course-fixtures.js";
import { suiteApp } from "../support/suite.js";
import { auditPage, chainState, completedTwoAndSigned, expectIntact, sequenced } from "./support.js";

/**
 * "Done means" of docs/decisions/0300-evidence-log.md: someone with database access changes a
 * completion's date, deletes a signature, swaps two entries, deletes one, or edits one; audit/verify
 * names the first broken entry and why, and calls the entries before it intact.
 */

const app = suiteApp();

const onPostgres = (app: TestApp) => app.config.databaseUrl !== null;

async function sql(statement: string, params: unknown[] = []): Promise<void> {
  await app.orm.em.fork().getConnection().execute(statement, params);
}

/** An organization where the learner completed two lessons and signed a third, all chained. */
async function trainedOrganization(label: string) {
  const staff = await staffedOrganization(app, label);
  const { admin } = staff;
  const { first, second, signoff } = await completedTwoAndSigned(staff, {
    course: "Hot work",
    lessons: ["Fire watch", "Gas test"],
  });
  await sequenced(app);
  await expectIntact(admin.api);
  const entries = (await auditPage(admin.api)).entries;
  const seqOf = (kind: string, lessonId: number) =>
    entries.find((entry) => entry.kind === kind && entry.lessonId === lessonId)?.seq as number;
  return { staff, first, second, signoff, seqOf, entries: entries.length };
}

describe("tampering with the evidence", () => {
  it("a completion's date changed in the database: its entry is named", async () => {
    const { staff, second, seqOf } = await trainedOrganization("tamper-date");
    const later = onPostgres(app) ? "completed_at + interval '1 day'" : "completed_at + 86400000";
    await sql(`update completions set completed_at = ${later} where user_id = ? and lesson_id = ?`, [
      staff.learner.id,
      second.id,
    ]);
    const seq = seqOf("lesson.completed", second.id);
    expect(await chainState(staff.admin.api)).toMatchObject({
      intactUpTo: seq - 1,
      broken: {
        seq,
        reason: "completion-changed",
        message: `Entry ${seq}: the completion it records was changed or deleted.`,
      },
    });
  });

  it("a signature deleted: its entry is named", async () => {
    const { staff, signoff, seqOf } = await trainedOrganization("tamper-signature");
    await sql("delete from signatures where user_id = ? and lesson_id = ?", [staff.learner.id, signoff.id]);
    const seq = seqOf("lesson.signed", signoff.id);
    expect((await chainState(staff.admin.api)).broken).toMatchObject({ seq, reason: "signature-changed" });
  });

  it("two entries swapped: the first of them is named", async () => {
    const { staff, first, second, seqOf } = await trainedOrganization("tamper-swap");
    const [a, b] = [seqOf("lesson.completed", first.id), seqOf("lesson.completed", second.id)];
    const org = staff.org.id;
    // Through a free number: (organization, seq) is unique.
    await sql("update evidence_chain set seq = -1 where organization_id = ? and seq = ?", [org, a]);
    await sql("update evidence_chain set seq = ? where organization_id = ? and seq = ?", [a, org, b]);
    await sql("update evidence_chain set seq = ? where organization_id = ? and seq = -1", [b, org]);
    expect(await chainState(staff.admin.api)).toMatchObject({ intactUpTo: a - 1, broken: { seq: a } });
  });

  it("an entry deleted: the gap is named", async () => {
    const { staff, first, seqOf } = await trainedOrganization("tamper-delete");
    const seq = seqOf("lesson.completed", first.id);
    await sql(
      "delete from evidence_entries where id = (select entry_id from evidence_chain where organization_id = ? and seq = ?)",
      [staff.org.id, seq],
    );
    expect((await chainState(staff.admin.api)).broken).toEqual({
      seq,
      reason: "missing",
      message: `Entry ${seq}: the entry is missing (the sequence skips it).`,
    });
  });

  it("an entry's facts edited: that entry is named, the ones before it intact", async () => {
    const { staff, signoff, seqOf } = await trainedOrganization("tamper-facts");
    const seq = seqOf("lesson.signed", signoff.id);
    await sql(
      `update evidence_entries set facts = replace(facts, '"signedName"', '"signedBy"')
       where id = (select entry_id from evidence_chain where organization_id = ? and seq = ?)`,
      [staff.org.id, seq],
    );
    expect(await chainState(staff.admin.api)).toMatchObject({
      intactUpTo: seq - 1,
      broken: { seq, reason: "changed" },
    });
  });
});

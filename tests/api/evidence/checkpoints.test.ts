import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PublicKeyView } from "#server/modules/evidence/evidence.presenter.js";
import { checkpointMessage } from "#server/modules/evidence/evidence-chain.rules.js";
import { CHECKPOINT_JOB } from "#server/modules/evidence/index.js";
import { createCourse, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp } from "../support/suite.js";
import { auditPage, chainState, expectIntact, sequenced } from "./support.js";

/**
 * Signing keys and checkpoints (docs/decisions/0300-evidence-log.md): each organization's Ed25519 key,
 * its private half sealed with SECRET_KEY; the head signed when it grew; a chain cut short, rewritten
 * or with a forged checkpoint fails verification.
 */

const app = suiteApp();

async function sql<Row>(statement: string, params: unknown[] = []): Promise<Row[]> {
  return app.orm.em.fork().getConnection().execute(statement, params);
}

interface CheckpointRow {
  seq: unknown;
  hash: string;
  signed_at: unknown;
  signature: string;
}

const checkpointsOf = (organizationId: number) =>
  sql<CheckpointRow>(
    "select seq, hash, signed_at, signature from evidence_checkpoints where organization_id = ? order by id",
    [organizationId],
  );

describe("the organization's signing key", () => {
  it("is one Ed25519 key per organization, shown to admins only, its private half stored sealed", async () => {
    const staff = await staffedOrganization(app, "keys");
    const other = await staffedOrganization(app, "keys-other");
    const key = ok<PublicKeyView>(await staff.admin.api.get("/_api/audit/public-key"));
    expect(key.algorithm).toBe("Ed25519");
    expect(key.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    expect(createPublicKey(key.publicKey).asymmetricKeyType).toBe("ed25519");
    expect(key.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(ok(await staff.admin.api.get("/_api/audit/public-key"))).toEqual(key);
    const theirs = ok<PublicKeyView>(await other.admin.api.get("/_api/audit/public-key"));
    expect(theirs.fingerprint).not.toBe(key.fingerprint);
    for (const member of [staff.manager, staff.teacher, staff.learner]) {
      expect(refusal(await member.api.get("/_api/audit/public-key")).status).toBe(403);
    }
    const [stored] = await sql<{ sealed_private_key: string }>(
      "select sealed_private_key from evidence_keys where organization_id = ?",
      [staff.org.id],
    );
    expect(stored?.sealed_private_key).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored?.sealed_private_key).not.toContain("PRIVATE KEY");
  });
});

describe("checkpoints", () => {
  it("sign the head of each chain that grew, once, with the organization's key", async () => {
    const staff = await staffedOrganization(app, "checkpoints");
    await createCourse(staff.admin.api, { title: "Scaffolds", status: "published" });
    await sequenced(app);
    await app.runScheduledJob(CHECKPOINT_JOB);
    const state = await expectIntact(staff.admin.api);
    const [checkpoint] = await checkpointsOf(staff.org.id);
    expect(checkpoint).toMatchObject({ hash: state.head });
    expect(Number(checkpoint?.seq)).toBe(state.entries);
    const key = ok<PublicKeyView>(await staff.admin.api.get("/_api/audit/public-key"));
    const message = checkpointMessage({
      organizationId: staff.org.id,
      seq: state.entries,
      hash: state.head,
      signedAt: new Date(checkpoint?.signed_at as string | number).toISOString(),
    });
    expect(
      verify(null, message, createPublicKey(key.publicKey), Buffer.from(checkpoint?.signature ?? "", "base64")),
    ).toBe(true);
    // Nothing new: no second checkpoint.
    await app.runScheduledJob(CHECKPOINT_JOB);
    expect(await checkpointsOf(staff.org.id)).toHaveLength(1);
  });

  it("make the last entries' deletion show: the chain no longer reaches the signed head", async () => {
    const staff = await staffedOrganization(app, "cut-short");
    await sequenced(app);
    await app.runScheduledJob(CHECKPOINT_JOB);
    const { entries } = await expectIntact(staff.admin.api);
    await sql(
      "delete from evidence_entries where id = (select entry_id from evidence_chain where organization_id = ? and seq = ?)",
      [staff.org.id, entries],
    );
    expect((await chainState(staff.admin.api)).broken).toMatchObject({ seq: entries, reason: "missing" });
  });

  it("make a forged checkpoint show, by the entry it claims to sign", async () => {
    const staff = await staffedOrganization(app, "forged");
    await sequenced(app);
    await app.runScheduledJob(CHECKPOINT_JOB);
    const { entries } = await expectIntact(staff.admin.api);
    await sql("update evidence_checkpoints set signature = ? where organization_id = ?", [
      Buffer.alloc(64, 7).toString("base64"),
      staff.org.id,
    ]);
    expect(await chainState(staff.admin.api)).toMatchObject({
      intactUpTo: entries - 1,
      broken: { seq: entries, reason: "signature" },
    });
    expect((await auditPage(staff.admin.api)).entries).toHaveLength(entries);
  });
});

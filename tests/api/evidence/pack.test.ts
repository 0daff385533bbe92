import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import type { PublicKeyView } from "#server/modules/evidence/evidence.presenter.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";
import { completedTwoAndSigned, sequenced } from "./support.js";

/**
 * The inspection pack and the standalone verifier (docs/decisions/0300-evidence-log.md): an untouched
 * pack verifies with plain `node` and the pack alone, in a folder with nothing else; a record changed in
 * the database, or the pack's own entries changed, deleted or reordered, fail at the first broken entry.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "pack"));
const stranger = suiteFixture(() => staffedOrganization(app, "pack-other"));
const VERIFIER = path.resolve(import.meta.dirname, "../../../scripts/verify-pack.mjs");
const folder = mkdtempSync(path.join(tmpdir(), "trainwright-pack-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const TODAY = new Date().toISOString().slice(0, 10);

async function pack(api: ApiClient, input: Record<string, unknown> = {}): Promise<Uint8Array> {
  const response = await api.post("/_api/audit/pack", { from: "2020-01-01", to: TODAY, ...input });
  expect(response.status, response.text.slice(0, 200)).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="inspection-pack-.+\.zip"$/);
  return response.bytes;
}

let packs = 0;

/** The verifier as an auditor runs it: plain node, in a folder holding only it and the pack (and a key). */
function verifierSays(bytes: Uint8Array, trustedKey?: string): string {
  const dir = path.join(folder, `run-${++packs}`);
  execFileSync("mkdir", [dir]);
  copyFileSync(VERIFIER, path.join(dir, "verify-pack.mjs"));
  writeFileSync(path.join(dir, "pack.zip"), bytes);
  const args = ["verify-pack.mjs", "pack.zip"];
  if (trustedKey !== undefined) {
    writeFileSync(path.join(dir, "key.pem"), trustedKey);
    args.push("--key", "key.pem");
  }
  try {
    return execFileSync(process.execPath, args, { cwd: dir, env: { PATH: "" }, encoding: "utf8" }).trim();
  } catch (error) {
    return String((error as { stdout: string }).stdout).trim();
  }
}

/** The pack with entries.jsonl's lines changed by `change`, zipped again. */
function withEntries(bytes: Uint8Array, change: (lines: string[]) => string[]): Uint8Array {
  const files = unzipSync(bytes);
  const lines = strFromU8(files["entries.jsonl"] as Uint8Array)
    .trimEnd()
    .split("\n");
  return zipSync({ ...files, "entries.jsonl": strToU8(`${change(lines).join("\n")}\n`) });
}

async function trained() {
  return completedTwoAndSigned(staff, { course: "Confined spaces", lessons: ["Gas test", "Rescue plan"] });
}

describe("the inspection pack", () => {
  it("holds the log, the checkpoints, the key, the records and a readable summary, and verifies with node alone", async () => {
    const { course } = await trained();
    const bytes = await pack(staff.admin.api);
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual([
      "checkpoints.json",
      "entries.jsonl",
      "organization.json",
      "public-key.pem",
      "records.json",
      "summary.pdf",
    ]);
    const key = ok<PublicKeyView>(await staff.admin.api.get("/_api/audit/public-key"));
    expect(strFromU8(files["public-key.pem"] as Uint8Array)).toBe(key.publicKey);
    const lines = strFromU8(files["entries.jsonl"] as Uint8Array)
      .trimEnd()
      .split("\n");
    const said = verifierSays(bytes);
    expect(said).toMatch(
      new RegExp(
        `^verified: ${lines.length} entries \\(${lines.length} in the selection\\), first .+, last .+, signed by .+ \\(key ${key.fingerprint}\\) at `,
      ),
    );
    expect(verifierSays(bytes, key.publicKey)).toMatch(/^verified: /);
    const theirs = ok<PublicKeyView>(await stranger.admin.api.get("/_api/audit/public-key"));
    expect(verifierSays(bytes, theirs.publicKey)).toBe(
      `FAILED: the pack's public key (${key.fingerprint}) is not the key you were given`,
    );
    const pdf = path.join(folder, "summary.pdf");
    writeFileSync(pdf, files["summary.pdf"] as Uint8Array);
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
    expect(text).toContain(`Training evidence: ${staff.org.name}`);
    expect(text).toContain(staff.learner.name);
    expect(text).toContain("Confined spaces");
    expect(text).toContain(`signed as "${staff.learner.name}"`);
    expect(text).toContain(key.fingerprint);
    // One person's pack: the others' entries only as hashes, and it still verifies.
    const mine = await pack(staff.admin.api, { userId: staff.learner.id, courseId: course.id });
    const entries = strFromU8(unzipSync(mine)["entries.jsonl"] as Uint8Array)
      .trimEnd()
      .split("\n");
    const whole = entries.map((line) => JSON.parse(line) as { omitted?: true; subjectUserId?: number });
    expect(whole.filter((entry) => !entry.omitted).every((entry) => entry.subjectUserId === staff.learner.id)).toBe(
      true,
    );
    // Two lessons completed, one signed, the completion that signing it made, and so the course completed.
    expect(whole.filter((entry) => !entry.omitted)).toHaveLength(5);
    expect(verifierSays(mine)).toMatch(new RegExp(`^verified: ${entries.length} entries \\(5 in the selection\\)`));
    expect(text).toContain("Course completed (version 1), all 3 lessons");
  });

  it("a pack's entries changed, deleted or swapped: the verifier names the first broken entry", async () => {
    const bytes = await pack(staff.admin.api);
    const lines = strFromU8(unzipSync(bytes)["entries.jsonl"] as Uint8Array)
      .trimEnd()
      .split("\n");
    const at = lines.findIndex((line) => line.includes('"lesson.completed"'));
    const seq = at + 1;
    const edited = withEntries(bytes, (all) =>
      all.map((line, index) => (index === at ? line.replace(/"occurredAt":"\d{4}/, '"occurredAt":"2019') : line)),
    );
    expect(verifierSays(edited)).toBe(`FAILED at entry ${seq}: its contents were changed after it was recorded`);
    expect(verifierSays(withEntries(bytes, (all) => all.filter((_, index) => index !== at)))).toBe(
      `FAILED at entry ${seq}: the entry is missing (the sequence skips it)`,
    );
    const swapped = withEntries(bytes, (all) => {
      const copy = [...all];
      [copy[at], copy[at + 1]] = [copy[at + 1] as string, copy[at] as string];
      return copy;
    });
    expect(verifierSays(swapped)).toBe(`FAILED at entry ${seq}: the entry is missing (the sequence skips it)`);
    expect(verifierSays(withEntries(bytes, (all) => all.slice(0, -1)))).toBe(
      `FAILED at entry ${lines.length}: the entry is missing (the sequence skips it)`,
    );
  });

  it("a completion's date changed in the database: the next pack fails at its entry", async () => {
    const { second } = await trained();
    const onPostgres = app.config.databaseUrl !== null;
    await app.orm.em
      .fork()
      .getConnection()
      .execute(
        `update completions set completed_at = ${onPostgres ? "completed_at - interval '1 day'" : "completed_at - 86400000"}
         where user_id = ? and lesson_id = ?`,
        [staff.learner.id, second.id],
      );
    await sequenced(app);
    const bytes = await pack(staff.admin.api);
    const lines = strFromU8(unzipSync(bytes)["entries.jsonl"] as Uint8Array)
      .trimEnd()
      .split("\n");
    const seq =
      lines.findIndex((line) => line.includes('"lesson.completed"') && line.includes(`"lessonId":${second.id},`)) + 1;
    expect(verifierSays(bytes)).toBe(`FAILED at entry ${seq}: the completion it records was changed or deleted`);
  });

  it("is for admins only, and another organization's person, course or department is not found", async () => {
    const course = await createCourse(staff.admin.api, { title: "Ours", status: "published" });
    const tag = ok<{ id: number }>(
      await staff.admin.api.post("/_api/tags/create", { name: "Ours", type: "department" }),
    );
    await sequenced(app);
    const range = { from: "2020-01-01", to: TODAY };
    for (const [input, error] of [
      [{ courseId: course.id }, "That course is not in this organization's audit trail."],
      [{ userId: staff.learner.id }, "That person is not in this organization's audit trail."],
      [{ tagId: tag.id }, "Tag not found."],
    ] as const) {
      expect(refusal(await stranger.admin.api.post("/_api/audit/pack", { ...range, ...input }))).toEqual({
        status: 404,
        error,
      });
    }
    for (const member of [staff.manager, staff.teacher, staff.learner]) {
      expect(refusal(await member.api.post("/_api/audit/pack", range)).status).toBe(403);
    }
    expect(refusal(await staff.admin.api.post("/_api/audit/pack", { from: TODAY, to: "2020-01-01" })).status).toBe(400);
  });
});

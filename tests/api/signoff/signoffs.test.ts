import { describe, expect, it } from "vitest";
import { Signature } from "#server/entities.js";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import type {
  LessonSignoffView,
  LessonVersionSummaryView,
  LessonVersionView,
  MySignoffView,
  SignatureView,
  SignoffReport,
} from "#server/modules/signoff/signoff.presenter.js";
import type { MyTraining } from "#server/modules/training/training.presenter.js";
import { SIGNOFF_MESSAGES as S } from "#shared/schemas/signoffs.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Sign-off lessons (docs/SPEC.md §7), their versions, signatures and the sign-off report, through the REST paths. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "signoff"));

/** A published course with one module: a sign-off lesson "Lockout procedure" and a plain lesson. */
async function signoffCourse(api: ApiClient = staff.admin.api) {
  const course = await createCourse(api, { title: "Lockout SOP", status: "published" });
  const module = await createModule(api, course.id, "Procedures");
  const plain = await createLesson(api, module.id, { title: "Welcome", content: "<p>Hello</p>" });
  const created = await createLesson(api, module.id, {
    title: "Lockout procedure",
    content: "<p>Switch the machine off and lock the isolator.</p>",
  });
  const lesson = ok<LessonView>(await api.post("/_api/lessons/update", { id: created.id, requiresSignoff: true }));
  return { course, plain, lesson };
}

const sign = (api: ApiClient, lessonId: number, version: number, fullName: string, agreed: unknown = true) =>
  api.post("/_api/lessons/sign", { lessonId, version, fullName, agreed });

const standing = async (api: ApiClient, lessonId: number) =>
  ok<LessonSignoffView>(await api.get("/_api/lessons/signoff", { lessonId: String(lessonId) }));

const report = async (lessonId: number) =>
  ok<SignoffReport>(await staff.admin.api.get("/_api/reports/signoffs", { lessonId: String(lessonId) }));

/** Every signature of the organization, read from the database as stored. */
async function storedSignatures(organizationId: number) {
  const rows = await app.orm.em
    .fork()
    .find(Signature, { organization: organizationId }, { filters: false, orderBy: { id: "asc" } });
  return rows.map((row) => ({
    id: row.id,
    lessonId: row.lesson?.id ?? null,
    version: row.version,
    contentHash: row.contentHash,
    signedName: row.signedName,
    signedAt: row.signedAt.toISOString(),
  }));
}

async function courseStatus(api: ApiClient, courseId: number) {
  const mine = ok<MyTraining>(await api.get("/_api/training/mine"));
  return [...mine.assigned, ...mine.optional].find((course) => course.courseId === courseId);
}

describe("sign-off lessons", () => {
  it("turning sign-off on records a material version; a member signs with their name and completes the course", async () => {
    const { course, plain, lesson } = await signoffCourse();
    expect(lesson).toMatchObject({ requiresSignoff: true, version: 2 });
    const versions = ok<LessonVersionSummaryView[]>(
      await staff.teacher.api.get("/_api/lessons/versions", { lessonId: String(lesson.id) }),
    );
    expect(versions).toMatchObject([{ version: 2, change: "material", summary: "Sign-off required" }]);

    const learner = staff.learner;
    expect(await standing(learner.api, lesson.id)).toMatchObject({ status: "unsigned", version: 2 });
    // "Mark as Complete" does not complete a sign-off lesson.
    expect(refusal(await learner.api.post("/_api/lessons/complete", { lessonId: lesson.id }))).toEqual({
      status: 400,
      error: S.completeBySigning,
    });
    ok(await learner.api.post("/_api/lessons/complete", { lessonId: plain.id }));
    expect(await courseStatus(learner.api, course.id)).toMatchObject({ completedLessons: 1, totalLessons: 2 });

    // Case and surrounding spaces aside, the name on the account.
    const signed = ok<SignatureView>(await sign(learner.api, lesson.id, 2, `  ${learner.name.toUpperCase()} `, true));
    expect(signed).toMatchObject({ lessonId: lesson.id, version: 2 });
    expect(signed.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await standing(learner.api, lesson.id)).toMatchObject({ status: "signed", signedVersion: 2 });
    expect(await courseStatus(learner.api, course.id)).toMatchObject({ status: "completed", completedLessons: 2 });
    // Signing again the same version records nothing more.
    ok(await sign(learner.api, lesson.id, 2, learner.name));
    expect((await report(lesson.id)).signatures).toHaveLength(1);
  });

  it("refuses an old version, a wrong name and a missing agreement, and stores nothing", async () => {
    const { lesson } = await signoffCourse();
    const { learner } = staff;
    const before = await storedSignatures(staff.org.id);
    expect(refusal(await sign(learner.api, lesson.id, 1, learner.name))).toEqual({
      status: 409,
      error: S.staleVersion,
    });
    expect(refusal(await sign(learner.api, lesson.id, 2, "Somebody Else"))).toEqual({
      status: 400,
      error: S.nameMismatch,
    });
    expect(refusal(await sign(learner.api, lesson.id, 2, learner.name, false))).toEqual({
      status: 400,
      error: S.agreementRequired,
    });
    const missing = await learner.api.post("/_api/lessons/sign", { lessonId: lesson.id, version: 2, fullName: "x" });
    expect(refusal(missing)).toEqual({ status: 400, error: S.agreementRequired });
    expect(refusal(await sign(learner.api, lesson.id, 2, "   "))).toEqual({ status: 400, error: S.fullNameRequired });
    const { plain } = await signoffCourse();
    expect(refusal(await sign(learner.api, plain.id, plain.version, learner.name))).toEqual({
      status: 400,
      error: S.notSignoff,
    });
    expect(await storedSignatures(staff.org.id)).toEqual(before);
    expect(await standing(learner.api, lesson.id)).toMatchObject({ status: "unsigned" });
  });

  it("a minor edit keeps signatures current; a material one outdates them until the member signs again", async () => {
    const { course, lesson } = await signoffCourse();
    const { learner, user } = staff;
    ok(await sign(learner.api, lesson.id, 2, learner.name));
    ok(await sign(user.api, lesson.id, 2, user.name));

    const minor = ok<LessonView>(
      await staff.teacher.api.post("/_api/lessons/update", {
        id: lesson.id,
        version: 2,
        content: "<p>Switch the machine off and lock the isolator switch.</p>",
      }),
    );
    expect(minor.version).toBe(3);
    expect(await standing(learner.api, lesson.id)).toMatchObject({ status: "signed", signedVersion: 2, version: 3 });
    expect(await courseStatus(learner.api, course.id)).toMatchObject({ completedLessons: 1 });

    // A material change without a summary is refused whole.
    const noSummary = await staff.teacher.api.post("/_api/lessons/update", { id: lesson.id, change: "material" });
    expect(refusal(noSummary)).toEqual({ status: 400, error: S.summaryRequired });
    const material = ok<LessonView>(
      await staff.teacher.api.post("/_api/lessons/update", {
        id: lesson.id,
        version: 3,
        content: "<p>Switch the machine off, lock the isolator switch and test for zero energy.</p>",
        change: "material",
        changeSummary: "Test for zero energy before work",
      }),
    );
    expect(material.version).toBe(4);
    const outdated = await standing(learner.api, lesson.id);
    expect(outdated).toMatchObject({
      status: "outdated",
      signedVersion: 2,
      signedText: { version: 2, content: "<p>Switch the machine off and lock the isolator.</p>" },
      changesSince: [{ version: 4, summary: "Test for zero energy before work" }],
    });
    expect(await courseStatus(learner.api, course.id)).toMatchObject({ completedLessons: 0 });
    const mine = ok<MySignoffView[]>(await learner.api.get("/_api/signoffs/mine", { courseId: String(course.id) }));
    expect(mine).toEqual([
      {
        lessonId: lesson.id,
        lessonTitle: "Lockout procedure",
        courseId: course.id,
        courseTitle: "Lockout SOP",
        status: "outdated",
        signedVersion: 2,
      },
    ]);

    // The version read before the change is refused; the current one counts.
    expect(refusal(await sign(learner.api, lesson.id, 2, learner.name)).status).toBe(409);
    ok(await sign(learner.api, lesson.id, 4, learner.name));
    expect(await standing(learner.api, lesson.id)).toMatchObject({ status: "signed", signedVersion: 4 });
    expect(await courseStatus(learner.api, course.id)).toMatchObject({ completedLessons: 1 });

    const result = await report(lesson.id);
    const byName = Object.fromEntries(result.members.map((member) => [member.name, member]));
    expect(byName[learner.name]).toMatchObject({ status: "signed", signedVersion: 4 });
    expect(byName[user.name]).toMatchObject({ status: "outdated", signedVersion: 2 });
    expect(byName[staff.manager.name]).toMatchObject({ status: "unsigned", signedVersion: null });
    expect(result.signatures.map((row) => [row.signedName, row.version, row.current])).toEqual([
      [learner.name, 4, true],
      [user.name, 2, false],
      [learner.name, 2, false],
    ]);
  });

  it("publishing a material change without new text records a version of the text as it stands", async () => {
    const { lesson } = await signoffCourse();
    ok(await sign(staff.learner.api, lesson.id, 2, staff.learner.name));
    ok(await staff.admin.api.post("/_api/lessons/update", { id: lesson.id, title: "Lockout" }));
    const published = ok<LessonView>(
      await staff.admin.api.post("/_api/lessons/update", {
        id: lesson.id,
        version: 3,
        change: "material",
        changeSummary: "Renamed",
      }),
    );
    expect(published.version).toBe(4);
    const versions = ok<LessonVersionSummaryView[]>(
      await staff.admin.api.get("/_api/lessons/versions", { lessonId: String(lesson.id) }),
    );
    expect(versions.map((row) => [row.version, row.change, row.summary, row.title])).toEqual([
      [4, "material", "Renamed", "Lockout"],
      [3, "minor", null, "Lockout"],
      [2, "material", "Sign-off required", "Lockout procedure"],
    ]);
    expect(await standing(staff.learner.api, lesson.id)).toMatchObject({ status: "outdated" });
  });

  it("a lesson without sign-off takes no material change and keeps no versions", async () => {
    const { plain } = await signoffCourse();
    const response = await staff.admin.api.post("/_api/lessons/update", {
      id: plain.id,
      content: "<p>New</p>",
      change: "material",
      changeSummary: "x",
    });
    expect(refusal(response)).toEqual({ status: 400, error: S.materialNeedsSignoff });
    ok(await staff.admin.api.post("/_api/lessons/update", { id: plain.id, content: "<p>New</p>" }));
    const versions = await staff.admin.api.get("/_api/lessons/versions", { lessonId: String(plain.id) });
    expect(ok<LessonVersionSummaryView[]>(versions)).toEqual([]);
  });

  it("a version with the one before it, and a restore that saves a new material version", async () => {
    const { lesson } = await signoffCourse();
    ok(
      await staff.admin.api.post("/_api/lessons/update", {
        id: lesson.id,
        content: "<p>Changed text.</p>",
        change: "material",
        changeSummary: "Rewritten",
      }),
    );
    const three = ok<LessonVersionView>(
      await staff.teacher.api.get("/_api/lessons/version", { lessonId: String(lesson.id), version: "3" }),
    );
    expect(three).toMatchObject({
      version: 3,
      content: "<p>Changed text.</p>",
      previous: { version: 2, content: "<p>Switch the machine off and lock the isolator.</p>" },
    });
    const missing = await staff.admin.api.get("/_api/lessons/version", { lessonId: String(lesson.id), version: "9" });
    expect(refusal(missing)).toEqual({ status: 404, error: S.versionNotFound });

    ok(await sign(staff.learner.api, lesson.id, 3, staff.learner.name));
    const restored = ok<LessonVersionSummaryView>(
      await staff.teacher.api.post("/_api/lessons/restore-version", { lessonId: lesson.id, version: 2 }),
    );
    expect(restored).toMatchObject({ version: 4, change: "material", summary: "Restored version 2" });
    const page = ok<LessonView>(await staff.learner.api.get("/_api/lessons/get", { id: String(lesson.id) }));
    expect(page).toMatchObject({ version: 4, content: "<p>Switch the machine off and lock the isolator.</p>" });
    expect(await standing(staff.learner.api, lesson.id)).toMatchObject({ status: "outdated", signedVersion: 3 });
  });

  it("signatures are never changed: edits, restores and deleting the lesson keep them; the audit export still lists them", async () => {
    const { course, lesson } = await signoffCourse();
    ok(await sign(staff.learner.api, lesson.id, 2, staff.learner.name));
    ok(await sign(staff.manager.api, lesson.id, 2, staff.manager.name));
    const before = await storedSignatures(staff.org.id);
    ok(
      await staff.admin.api.post("/_api/lessons/update", {
        id: lesson.id,
        title: "Lockout v2",
        change: "material",
        changeSummary: "New title",
      }),
    );
    ok(await staff.admin.api.post("/_api/lessons/restore-version", { lessonId: lesson.id, version: 2 }));
    ok(await staff.admin.api.post("/_api/lessons/update", { id: lesson.id, requiresSignoff: false }));
    expect(await storedSignatures(staff.org.id)).toEqual(before);

    ok(await staff.admin.api.post("/_api/lessons/delete", { id: lesson.id }));
    ok(await staff.admin.api.post("/_api/courses/delete", { id: course.id }));
    const after = await storedSignatures(staff.org.id);
    expect(after).toEqual(before.map((row) => (row.lessonId === lesson.id ? { ...row, lessonId: null } : row)));
    expect(refusal(await staff.admin.api.get("/_api/reports/signoffs", { lessonId: String(lesson.id) })).status).toBe(
      404,
    );
    const audit = ok<SignoffReport>(await staff.admin.api.get("/_api/reports/signoffs"));
    const kept = audit.signatures.filter((row) => row.lessonId === null && row.lessonTitle === "Lockout procedure");
    expect(kept.map((row) => row.signedName).sort()).toEqual([staff.learner.name, staff.manager.name].sort());
  });
});

describe("sign-off reports as CSV", () => {
  it("one row per signature then the members who have not signed, with the CSV rules of the other exports", async () => {
    const { lesson } = await signoffCourse();
    ok(await sign(staff.learner.api, lesson.id, 2, staff.learner.name));
    const response = await staff.admin.api.get("/_api/reports/signoffs", {
      lessonId: String(lesson.id),
      format: "csv",
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="signoffs-lockout-procedure.csv"');
    expect([...response.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Lesson,Name,Email,Status,Version signed,Signed at,Content hash,Client address,User agent");
    expect(lines[1]).toMatch(new RegExp(`^Lockout procedure,${staff.learner.name},[^,]+,Current,2,\\d{4}-`));
    expect(lines.filter((line) => line.includes(",Not signed,"))).toHaveLength(4);
  });

  it("a User-Agent with `;` and formulas is quoted and defused for spreadsheets that split on `;` (decision 0262)", async () => {
    const { lesson } = await signoffCourse();
    const userAgent = "Mozilla/5.0 (X11;=1+2) x;@SUM(A1);-3";
    const signed = await staff.learner.api.post(
      "/_api/lessons/sign",
      { lessonId: lesson.id, version: 2, fullName: staff.learner.name, agreed: true },
      { headers: { "user-agent": userAgent } },
    );
    ok(signed);
    const response = await staff.admin.api.get("/_api/reports/signoffs", {
      lessonId: String(lesson.id),
      format: "csv",
    });
    const line = response.text.split("\r\n").find((each) => each.includes("Mozilla/5.0"));
    expect(line).toMatch(/,"Mozilla\/5\.0 \(X11;'=1\+2\) x;'@SUM\(A1\);'-3"$/);
    // Read as a `;` spreadsheet does (a quote only counts at a cell's start): no cell starts a formula.
    expect((line ?? "").split(";").filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});

describe("sign-off permissions and isolation", () => {
  const stranger = suiteFixture(() => staffedOrganization(app, "signoff-other"));

  it("learners and users sign but manage nothing; reports are for admins and managers", async () => {
    const { lesson } = await signoffCourse();
    for (const who of [staff.learner, staff.user]) {
      const id = String(lesson.id);
      expect(refusal(await who.api.get("/_api/lessons/versions", { lessonId: id })).status).toBe(403);
      expect(refusal(await who.api.get("/_api/lessons/version", { lessonId: id, version: "2" })).status).toBe(403);
      expect(
        refusal(await who.api.post("/_api/lessons/restore-version", { lessonId: lesson.id, version: 2 })).status,
      ).toBe(403);
      expect(refusal(await who.api.get("/_api/reports/signoffs", { lessonId: id })).status).toBe(403);
      expect(
        refusal(await who.api.post("/_api/lessons/update", { id: lesson.id, requiresSignoff: false })).status,
      ).toBe(403);
    }
    expect(refusal(await staff.teacher.api.get("/_api/reports/signoffs", { lessonId: String(lesson.id) })).status).toBe(
      403,
    );
    ok(await staff.manager.api.get("/_api/reports/signoffs", { lessonId: String(lesson.id) }));
  });

  it("a member of another organization gets 'not found' from every sign-off path and changes nothing", async () => {
    const { course, lesson } = await signoffCourse();
    ok(await sign(staff.learner.api, lesson.id, 2, staff.learner.name));
    const signaturesBefore = await storedSignatures(staff.org.id);
    const versionsBefore = await staff.admin.api.get("/_api/lessons/versions", { lessonId: String(lesson.id) });
    const id = String(lesson.id);
    const attempts = [
      (api: ApiClient) =>
        api.post("/_api/lessons/sign", { lessonId: lesson.id, version: 2, fullName: "x", agreed: true }),
      (api: ApiClient) => api.get("/_api/lessons/signoff", { lessonId: id }),
      (api: ApiClient) => api.get("/_api/signoffs/mine", { courseId: String(course.id) }),
      (api: ApiClient) => api.get("/_api/lessons/versions", { lessonId: id }),
      (api: ApiClient) => api.get("/_api/lessons/version", { lessonId: id, version: "2" }),
      (api: ApiClient) => api.post("/_api/lessons/restore-version", { lessonId: lesson.id, version: 2 }),
      (api: ApiClient) => api.get("/_api/reports/signoffs", { lessonId: id }),
      (api: ApiClient) => api.get("/_api/reports/signoffs", { lessonId: id, format: "csv" }),
      (api: ApiClient) =>
        api.post("/_api/lessons/update", { id: lesson.id, change: "material", changeSummary: "Hijack" }),
    ];
    for (const attempt of attempts) {
      const response = await attempt(stranger.admin.api);
      expect(response.status, response.text).toBe(404);
    }
    // The other organization's own export holds none of these signatures.
    const theirs = ok<SignoffReport>(await stranger.admin.api.get("/_api/reports/signoffs"));
    expect(theirs.signatures).toEqual([]);
    expect(ok<MySignoffView[]>(await stranger.learner.api.get("/_api/signoffs/mine"))).toEqual([]);
    expect(await storedSignatures(staff.org.id)).toEqual(signaturesBefore);
    const versionsAfter = await staff.admin.api.get("/_api/lessons/versions", { lessonId: String(lesson.id) });
    expect(versionsAfter.body).toEqual(versionsBefore.body);
  });
});

import { describe, expect, it } from "vitest";
import { ScormFile, ScormPackage } from "#server/entities.js";
import { SCORM_MESSAGES as M, SCORM_ZIP_MAX_BYTES, type ScormPackageView } from "#shared/schemas/scorm.js";
import { manifestOf, scoPage, scormPackage, singleScoPackage, zipOf } from "../../support/scorm-packages.js";
import type { TestApp } from "../support/app.js";
import type { ApiClient, ApiResponse } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * scorm/upload (docs/decisions/0330, 0331, 0332): a lesson's package read, checked and stored; everything it
 * cannot play refused with a sentence that says why, and nothing stored.
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "scorm"));
const stranger = suiteFixture(() => staffedOrganization(app, "scorm-other"));

function upload(api: ApiClient, lessonId: number, zip: Uint8Array<ArrayBuffer>, type = "application/zip") {
  return api.post(`/_api/scorm/upload?lessonId=${lessonId}`, undefined, {
    raw: zip,
    headers: { "content-type": type },
  });
}

async function newLesson(api: ApiClient = staff.admin.api): Promise<number> {
  const course = await createCourse(api, { status: "published" });
  const module = await createModule(api, course.id);
  return (await createLesson(api, module.id, { title: "Bought course" })).id;
}

function packageRows(testApp: TestApp, lessonId: number) {
  return testApp.orm.em.fork().find(ScormPackage, { lesson: lessonId }, { filters: false });
}

function fileCount(testApp: TestApp, packageId: number): Promise<number> {
  return testApp.orm.em.fork().count(ScormFile, { package: packageId }, { filters: false });
}

/** Sets every central-directory entry's stated unpacked size (offset 24), as a crafted ZIP would. */
function withStatedSizes(zip: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 46 <= copy.length; at++) {
    if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return copy;
}

const page = scoPage("1.2", "Part");

describe("uploading a SCORM package", () => {
  it("reads a 1.2 package and a multi-SCO 2004 one, for anyone who may edit the course", async () => {
    const lesson12 = await newLesson();
    expect(ok<ScormPackageView>(await upload(staff.teacher.api, lesson12, singleScoPackage("1.2")))).toEqual({
      version: "1.2",
      title: "Food safety",
      scoCount: 1,
    });
    const lesson2004 = await newLesson();
    const scos = ["1", "2", "3"].map((id) => ({ id, title: `Part ${id}`, href: `sco${id}/index.html` }));
    const answer = ok<ScormPackageView>(
      await upload(staff.manager.api, lesson2004, scormPackage("2004", "HIPAA", scos)),
    );
    expect(answer).toEqual({ version: "2004", title: "HIPAA", scoCount: 3 });
    const [stored] = await packageRows(app, lesson2004);
    expect(stored && JSON.parse(stored.scos)).toEqual(
      scos.map((sco) => ({ identifier: `item-${sco.id}`, title: sco.title, launch: sco.href })),
    );
    expect(stored && (await fileCount(app, stored.id))).toBe(4);
  });

  it("replaces the content as a new version on a second upload", async () => {
    const lesson = await newLesson();
    ok(await upload(staff.admin.api, lesson, singleScoPackage("1.2", "First")));
    const second = scormPackage("2004", "Second", [
      { id: "a", title: "A", href: "a.html" },
      { id: "b", title: "B", href: "b.html" },
    ]);
    expect(ok<ScormPackageView>(await upload(staff.admin.api, lesson, second))).toEqual({
      version: "2004",
      title: "Second",
      scoCount: 2,
    });
    const rows = await packageRows(app, lesson);
    expect(rows.map((row) => [row.version, row.scormVersion, row.title])).toEqual([[2, "2004", "Second"]]);
    const paths = await app.orm.em
      .fork()
      .find(ScormFile, { package: rows[0]?.id ?? 0 }, { filters: false, fields: ["path"], orderBy: { path: "asc" } });
    expect(paths.map((file) => file.path)).toEqual(["a.html", "b.html", "imsmanifest.xml"]);
  });

  it("goes with its lesson", async () => {
    const lesson = await newLesson();
    ok(await upload(staff.admin.api, lesson, singleScoPackage("2004")));
    const [stored] = await packageRows(app, lesson);
    ok(await staff.admin.api.post("/_api/lessons/delete", { id: lesson }));
    expect(await packageRows(app, lesson)).toEqual([]);
    expect(await fileCount(app, stored?.id ?? 0)).toBe(0);
  });

  it("is refused to learners, and is 'not found' to another organization, which changes nothing", async () => {
    const lesson = await newLesson();
    for (const member of [staff.learner, staff.user]) {
      expect(refusal(await upload(member.api, lesson, singleScoPackage("1.2"))).status).toBe(403);
    }
    for (const member of [stranger.admin, stranger.teacher]) {
      expect(refusal(await upload(member.api, lesson, singleScoPackage("1.2"))).status).toBe(404);
    }
    expect(await packageRows(app, lesson)).toEqual([]);
    // Nor can it replace a package that exists.
    ok(await upload(staff.admin.api, lesson, singleScoPackage("1.2", "Ours")));
    expect(refusal(await upload(stranger.admin.api, lesson, singleScoPackage("2004", "Theirs"))).status).toBe(404);
    expect((await packageRows(app, lesson)).map((row) => [row.version, row.title])).toEqual([[1, "Ours"]]);
  });
});

describe("what the upload refuses", () => {
  async function expectRefused(
    response: Promise<ApiResponse>,
    lessonId: number,
    expected: { status: number; error: string },
  ) {
    expect(refusal(await response)).toEqual(expected);
    expect(await packageRows(app, lessonId)).toEqual([]);
  }

  it("refuses other types and bytes that are no ZIP", async () => {
    const lesson = await newLesson();
    await expectRefused(upload(staff.admin.api, lesson, singleScoPackage("1.2"), "application/json"), lesson, {
      status: 400,
      error: M.typeRefused,
    });
    await expectRefused(upload(staff.admin.api, lesson, new TextEncoder().encode("not a zip at all, really")), lesson, {
      status: 400,
      error: M.notZip,
    });
  });

  it("refuses a ZIP without a manifest, and a manifest without anything to launch", async () => {
    const lesson = await newLesson();
    await expectRefused(upload(staff.admin.api, lesson, zipOf({ "index.html": page })), lesson, {
      status: 400,
      error: M.noManifest,
    });
    const missingFile = zipOf({
      "imsmanifest.xml": manifestOf("1.2", "Gone", [{ id: "1", title: "Gone", href: "missing.html" }]),
      "other.html": page,
    });
    await expectRefused(upload(staff.admin.api, lesson, missingFile), lesson, { status: 400, error: M.noLaunchable });
    await expectRefused(
      upload(staff.admin.api, lesson, zipOf({ "imsmanifest.xml": "<html><body>no manifest</body></html>" })),
      lesson,
      { status: 400, error: M.badManifest },
    );
  });

  it("refuses names that leave the package", async () => {
    const lesson = await newLesson();
    const manifest = manifestOf("1.2", "Escape", [{ id: "1", title: "Escape", href: "index.html" }]);
    for (const name of [
      "../evil.html",
      "content/../../evil.html",
      "/etc/evil.html",
      "content\\evil.html",
      "C:/evil.html",
    ]) {
      const zip = zipOf({ "imsmanifest.xml": manifest, "index.html": page, [name]: "x" });
      await expectRefused(upload(staff.admin.api, lesson, zip), lesson, { status: 400, error: M.unsafePath });
    }
  });

  it("refuses a launch href that leaves the package, even when a file of that name is inside", async () => {
    const lesson = await newLesson();
    const zip = zipOf({
      "imsmanifest.xml": manifestOf("2004", "Escape", [{ id: "1", title: "Escape", href: "../index.html" }]),
      "index.html": page,
    });
    await expectRefused(upload(staff.admin.api, lesson, zip), lesson, { status: 400, error: M.noLaunchable });
  });

  it("refuses more than 10,000 files", async () => {
    const lesson = await newLesson();
    const files: Record<string, string> = {
      "imsmanifest.xml": manifestOf("1.2", "Many", [{ id: "1", title: "Many", href: "index.html" }]),
      "index.html": page,
    };
    for (let index = 0; index < 9_999; index++) files[`f/${index}.txt`] = "";
    await expectRefused(upload(staff.admin.api, lesson, zipOf(files, 0)), lesson, {
      status: 400,
      error: M.tooManyFiles,
    });
  });

  it("refuses a directory that states more than 250 MB, and one that states less than the files unpack to", async () => {
    const lesson = await newLesson();
    const zeros = new Uint8Array(2 * 1024 * 1024);
    const zip = zipOf({
      "imsmanifest.xml": manifestOf("1.2", "Bomb", [{ id: "1", title: "Bomb", href: "index.html" }]),
      "index.html": page,
      "zeros.bin": zeros,
    });
    // Three entries stating 100 MB each: 300 MB, refused from the directory before anything is inflated.
    await expectRefused(upload(staff.admin.api, lesson, withStatedSizes(zip, 100 * 1024 * 1024)), lesson, {
      status: 400,
      error: M.unpackedTooLarge,
    });
    // Stating 1 KB each: the inflater stops at the stated size instead of unpacking the rest.
    await expectRefused(upload(staff.admin.api, lesson, withStatedSizes(zip, 1024)), lesson, {
      status: 400,
      error: M.sizeMismatch,
    });
  });

  it("refuses a body a byte over 200 MB with 413", async () => {
    const lesson = await newLesson();
    const response = await upload(staff.admin.api, lesson, new Uint8Array(SCORM_ZIP_MAX_BYTES + 1));
    expect(refusal(response)).toEqual({ status: 413, error: M.tooLarge });
    expect(await packageRows(app, lesson)).toEqual([]);
  });
});

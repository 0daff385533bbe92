import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { LessonPageView } from "#server/modules/courses/lessons.presenter.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { type ScormStorageView, scormStorageFullMessage } from "#shared/schemas/scorm.js";
import { manifestOf, scoPage, zipOf } from "../../support/scorm-packages.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, createLesson, createModule, staffedOrganization } from "../support/course-fixtures.js";
import { ok, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * An organization's SCORM packages share one storage limit (docs/decisions/0362-scorm-storage-per-organization.md),
 * here SCORM_STORAGE_MB=1: a package past it is refused naming the limit and what is used, the lesson's
 * own package, which an upload replaces, does not count, and each organization has its own room.
 */

const app = suiteApp({ SCORM_STORAGE_MB: "1" });
const staff = suiteFixture(() => staffedOrganization(app, "scorm-storage"));
const stranger = suiteFixture(() => staffedOrganization(app, "scorm-storage-other"));

const LIMIT = 1024 * 1024;

/** A package whose media file of `mediaBytes` random (so incompressible) bytes makes most of its size. */
function packageWithMedia(mediaBytes: number) {
  const files = {
    "imsmanifest.xml": manifestOf("2004", "Forklift", [{ id: "1", title: "Forklift", href: "index.html" }]),
    "index.html": scoPage("2004", "Forklift"),
    "media/clip.bin": Uint8Array.from(randomBytes(mediaBytes)),
  };
  const unpacked = Object.values(files).reduce(
    (sum, content) => sum + (typeof content === "string" ? Buffer.byteLength(content) : content.length),
    0,
  );
  return { zip: zipOf(files, 0), unpacked };
}

async function newLesson(api: ApiClient): Promise<number> {
  const course = await createCourse(api, { status: "published" });
  const module = await createModule(api, course.id);
  return (await createLesson(api, module.id, { title: "Forklift" })).id;
}

const upload = (api: ApiClient, lessonId: number, zip: Uint8Array<ArrayBuffer>) =>
  api.post(`/_api/scorm/upload?lessonId=${lessonId}`, undefined, {
    raw: zip,
    headers: { "content-type": "application/zip" },
  });

const storage = async (api: ApiClient) => ok<ScormStorageView>(await api.get("/_api/scorm/storage"));

describe("the organization's SCORM storage", () => {
  it("refuses a package past the limit, naming it and what is used; a replaced package does not count", async () => {
    const first = packageWithMedia(600 * 1024);
    const lessonA = await newLesson(staff.admin.api);
    ok(await upload(staff.admin.api, lessonA, first.zip));
    expect(await storage(staff.teacher.api)).toEqual({ usedBytes: first.unpacked, limitBytes: LIMIT });

    const second = packageWithMedia(600 * 1024);
    const lessonB = await newLesson(staff.admin.api);
    expect(refusal(await upload(staff.admin.api, lessonB, second.zip))).toEqual({
      status: 413,
      error: scormStorageFullMessage({ usedBytes: first.unpacked, limitBytes: LIMIT }, second.unpacked),
    });
    const page = ok<LessonPageView>(await staff.admin.api.get("/_api/lessons/get", { id: String(lessonB) }));
    expect(page.scorm).toBeNull();
    expect((await storage(staff.admin.api)).usedBytes).toBe(first.unpacked);

    // A new version of lesson A's package replaces the old one: only the new one counts.
    const larger = packageWithMedia(900 * 1024);
    ok(await upload(staff.admin.api, lessonA, larger.zip));
    expect((await storage(staff.admin.api)).usedBytes).toBe(larger.unpacked);
  });

  it("is each organization's own, and 'not found' to a member of another one", async () => {
    const other = packageWithMedia(600 * 1024);
    const lesson = await newLesson(stranger.admin.api);
    ok(await upload(stranger.admin.api, lesson, other.zip));
    expect((await storage(stranger.admin.api)).usedBytes).toBe(other.unpacked);
    const across = await stranger.admin.api.get("/_api/scorm/storage", undefined, {
      headers: { [ORGANIZATION_HEADER]: String(staff.org.id) },
    });
    expect(refusal(across).status).toBe(404);
    expect(refusal(await staff.learner.api.get("/_api/scorm/storage")).status).toBe(403);
  });
});

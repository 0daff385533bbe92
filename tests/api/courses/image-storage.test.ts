import { randomBytes } from "node:crypto";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { CourseImage } from "#server/entities.js";
import type { StorageView } from "#server/modules/courses/index.js";
import { ORGANIZATION_HEADER, ORGANIZATION_STORAGE_BYTES } from "#shared/constants.js";
import { ORG_MESSAGES } from "#shared/schemas/orgs.js";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, UPLOAD_MESSAGES as M } from "#shared/schemas/uploads.js";
import { IMAGE_KIND_TYPES, type ImageKind, imageBytes } from "../../support/image-bytes.js";
import type { TestApp } from "../support/app.js";
import type { ApiClient } from "../support/client.js";
import { createCourse, staffedOrganization, uploadImage } from "../support/course-fixtures.js";
import { trpcData } from "../support/fixtures.js";
import { ok, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/**
 * Images have a pixel limit, read from their header (decision 0277), and each organization's images one
 * storage limit, shown on the settings page through orgs/storage (decision 0276).
 */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "storage"));
const stranger = suiteFixture(() => staffedOrganization(app, "storage-other"));

const KINDS: ImageKind[] = ["png", "jpeg", "gif", "webp", "webp-lossy", "webp-lossless"];
const MB = 1024 * 1024;

function upload(api: ApiClient, courseId: number, kind: ImageKind, options: Parameters<typeof imageBytes>[1] = {}) {
  return uploadImage(api, courseId, imageBytes(kind, options), IMAGE_KIND_TYPES[kind]);
}

function storageOf(api: ApiClient, orgId: number | string) {
  return api.get("/_api/orgs/storage", { orgId: String(orgId) });
}

/** What an organization's images take, as the database holds them. */
async function storedBytes(testApp: TestApp, organizationId: number): Promise<number> {
  const images = await testApp.orm.em
    .fork()
    .find(CourseImage, { organization: organizationId }, { filters: false, populate: ["bytes"] });
  return images.reduce((sum, image) => sum + image.bytes.length, 0);
}

/**
 * Stands for `bytes` of images already stored in the course: one row that says it is that large (the
 * column the limit sums), so the test need not send hundreds of megabytes.
 */
async function alreadyStored(testApp: TestApp, organizationId: number, courseId: number, bytes: number) {
  const em = testApp.orm.em.fork();
  em.create(CourseImage, {
    organization: organizationId,
    course: courseId,
    key: randomBytes(32).toString("base64url"),
    contentType: "image/png",
    bytes: Buffer.from(imageBytes("png")),
    size: bytes,
  });
  await em.flush();
}

describe("an image's pixels", () => {
  it(`are read from the header of each type: ${IMAGE_MAX_PIXELS / 1_000_000} megapixels pass, a pixel more does not`, async () => {
    const course = await createCourse(staff.admin.api);
    for (const kind of KINDS) {
      // 10,000 × 5,000 is the limit exactly; WebP's lossless header holds at most 16,384 a side.
      ok(await upload(staff.teacher.api, course.id, kind, { width: 10_000, height: 5_000 }));
      expect(refusal(await upload(staff.teacher.api, course.id, kind, { width: 10_000, height: 5_001 })), kind).toEqual(
        {
          status: 400,
          error: M.tooManyPixels,
        },
      );
    }
    for (const kind of ["png", "jpeg", "gif", "webp"] as const) {
      const huge = await upload(staff.teacher.api, course.id, kind, { width: 20_000, height: 20_000 });
      expect(refusal(huge), kind).toEqual({ status: 400, error: M.tooManyPixels });
    }
    expect(await app.orm.em.fork().count(CourseImage, { course: course.id }, { filters: false })).toBe(KINDS.length);
  });

  it("refuses a file whose header is cut short or declares no pixels", async () => {
    const course = await createCourse(staff.admin.api);
    const cases: [string, Uint8Array<ArrayBuffer>][] = [
      ["image/png", imageBytes("png").slice(0, 12)],
      ["image/png", imageBytes("png", { width: 0 })],
      ["image/jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])],
      ["image/jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0])],
      ["image/gif", imageBytes("gif", { height: 0 })],
      ["image/webp", imageBytes("webp").slice(0, 20)],
    ];
    for (const [type, bytes] of cases) {
      expect(refusal(await uploadImage(staff.teacher.api, course.id, bytes, type)), type).toEqual({
        status: 400,
        error: M.unreadable,
      });
    }
    expect(await app.orm.em.fork().count(CourseImage, { course: course.id }, { filters: false })).toBe(0);
  });
});

describe("an organization's image storage", () => {
  it(`holds ${ORGANIZATION_STORAGE_BYTES / MB} MB: an upload past it is refused, other organizations are not affected`, async () => {
    const team = await staffedOrganization(app, "storage-full");
    const course = await createCourse(team.admin.api);
    await alreadyStored(app, team.org.id, course.id, ORGANIZATION_STORAGE_BYTES - 6 * MB);
    ok(await upload(team.teacher.api, course.id, "png", { size: IMAGE_MAX_BYTES }));
    const used = ORGANIZATION_STORAGE_BYTES - MB;
    expect(ok<StorageView>(await storageOf(team.admin.api, team.org.id))).toEqual({
      usedBytes: used,
      limitBytes: ORGANIZATION_STORAGE_BYTES,
    });
    const before = await rowsOfOrganization(app, team.org.id);
    const past = await upload(team.teacher.api, course.id, "jpeg", { size: MB + 1 });
    expect(refusal(past)).toEqual({ status: 413, error: M.storageFull });
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
    // What is left still fits, exactly.
    ok(await upload(team.teacher.api, course.id, "gif", { size: MB }));
    expect(ok<StorageView>(await storageOf(team.admin.api, team.org.id)).usedBytes).toBe(ORGANIZATION_STORAGE_BYTES);
    expect(refusal(await upload(team.teacher.api, course.id, "png"))).toEqual({ status: 413, error: M.storageFull });

    const otherCourse = await createCourse(stranger.admin.api);
    ok(await upload(stranger.teacher.api, otherCourse.id, "png", { size: IMAGE_MAX_BYTES }));
  });

  it("counts a course's copy: duplicating a course whose images do not fit is refused whole", async () => {
    const team = await staffedOrganization(app, "storage-copy");
    const course = await createCourse(team.admin.api);
    ok(await upload(team.teacher.api, course.id, "png", { size: 3 * MB }));
    await alreadyStored(app, team.org.id, (await createCourse(team.admin.api)).id, ORGANIZATION_STORAGE_BYTES - 5 * MB);
    const before = await rowsOfOrganization(app, team.org.id);
    const copy = await team.admin.api.post("/_api/courses/duplicate", { id: course.id });
    expect(refusal(copy)).toEqual({ status: 413, error: M.storageFull });
    expect(await rowsOfOrganization(app, team.org.id)).toEqual(before);
  });

  it("orgs/storage sums the organization's images only, for admins and managers, through REST and tRPC", async () => {
    const team = await staffedOrganization(app, "storage-read");
    expect(ok<StorageView>(await storageOf(team.admin.api, team.org.id))).toEqual({
      usedBytes: 0,
      limitBytes: ORGANIZATION_STORAGE_BYTES,
    });
    const course = await createCourse(team.admin.api);
    ok(await upload(team.teacher.api, course.id, "png", { size: 1000 }));
    ok(await upload(team.teacher.api, course.id, "webp", { size: 2345 }));
    const otherCourse = await createCourse(stranger.admin.api);
    ok(await upload(stranger.teacher.api, otherCourse.id, "gif", { size: 5000 }));
    const expected = { usedBytes: 3345, limitBytes: ORGANIZATION_STORAGE_BYTES };
    expect(await storedBytes(app, team.org.id)).toBe(3345);
    expect(ok<StorageView>(await storageOf(team.admin.api, team.org.id))).toEqual(expected);
    expect(ok<StorageView>(await storageOf(team.manager.api, team.org.id))).toEqual(expected);
    const trpc = await team.manager.api.get(
      "/_api/trpc/orgs.storage",
      { input: JSON.stringify(superjson.serialize({ orgId: team.org.id })) },
      { headers: { [ORGANIZATION_HEADER]: String(team.org.id) } },
    );
    expect(trpcData(trpc)).toEqual(expected);
    for (const member of [team.teacher, team.learner, team.user]) {
      expect((await storageOf(member.api, team.org.id)).status).toBe(403);
    }
  });

  it("orgs/storage answers a member of another organization, and an unknown id, 'not found', and changes nothing", async () => {
    const before = await rowsOfOrganization(app, staff.org.id);
    for (const orgId of [staff.org.id, 987_654]) {
      expect(refusal(await storageOf(stranger.admin.api, orgId))).toEqual({
        status: 404,
        error: ORG_MESSAGES.noAccess,
      });
    }
    // Naming the organization in the header changes nothing for a stranger.
    const named = await stranger.admin.api.get(
      "/_api/orgs/storage",
      { orgId: String(staff.org.id) },
      { headers: { [ORGANIZATION_HEADER]: String(staff.org.id) } },
    );
    expect(refusal(named)).toEqual({ status: 404, error: ORG_MESSAGES.noAccess });
    expect((await app.newAgent().get("/_api/orgs/storage", { orgId: String(staff.org.id) })).status).toBe(401);
    expect(await rowsOfOrganization(app, staff.org.id)).toEqual(before);
  });
});

import { describe, expect, it } from "vitest";
import { CourseImage } from "#server/entities.js";
import type { LessonView } from "#server/modules/courses/lessons.presenter.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES as M } from "#shared/schemas/uploads.js";
import { imageBytes } from "../../support/image-bytes.js";
import type { TestApp } from "../support/app.js";
import type { ApiResponse } from "../support/client.js";
import {
  createCourse,
  createLesson,
  createModule,
  staffedOrganization,
  uploadImage,
} from "../support/course-fixtures.js";
import { ok, orgWithMembers, refusal } from "../support/org-fixtures.js";
import { suiteApp, suiteFixture } from "../support/suite.js";

/** Images in lessons (decision 0052), stored in the database and served to their organization only. */

const app = suiteApp();
const staff = suiteFixture(() => staffedOrganization(app, "uploads"));
const stranger = suiteFixture(() => staffedOrganization(app, "uploads-other"));

/** A file of `size` bytes that starts with the signature of its type (what the server checks). */
function fileOf(signature: number[] | string, size = 64): Uint8Array<ArrayBuffer> {
  const head = typeof signature === "string" ? [...signature].map((char) => char.charCodeAt(0)) : signature;
  const bytes = new Uint8Array(size);
  bytes.set(head);
  for (let at = head.length; at < size; at += 1) bytes[at] = at % 251;
  return bytes;
}

/** One small image of each type, with a header the server reads its dimensions from (decision 0277). */
const FILES = {
  "image/png": imageBytes("png", { size: 64 }),
  "image/jpeg": imageBytes("jpeg", { size: 64 }),
  "image/gif": imageBytes("gif", { size: 64 }),
  "image/webp": imageBytes("webp", { size: 64 }),
};

function imageCount(testApp: TestApp, where: { course?: number; organization?: number }): Promise<number> {
  return testApp.orm.em.fork().count(CourseImage, where, { filters: false });
}

async function uploaded(response: ApiResponse): Promise<string> {
  const { url } = ok<{ url: string }>(response);
  expect(url).toMatch(/^\/_api\/uploads\/images\/[A-Za-z0-9_-]{43}$/);
  return url;
}

describe("uploading an image", () => {
  it("accepts each of the four types and serves it to every member, with long private caching", async () => {
    const course = await createCourse(staff.admin.api);
    for (const [type, bytes] of Object.entries(FILES)) {
      const url = await uploaded(await uploadImage(staff.teacher.api, course.id, bytes, type));
      const served = await staff.learner.api.get(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.bytes).toEqual(bytes);
    }
  });

  it("refuses SVG, other types, JSON, and bytes that are not what they claim", async () => {
    const course = await createCourse(staff.admin.api);
    const before = await imageCount(app, { course: course.id });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const cases: [string, Uint8Array<ArrayBuffer>][] = [
      ["image/svg+xml", svg],
      ["image/png", svg],
      ["image/jpeg", FILES["image/png"]],
      ["image/bmp", fileOf("BM")],
      ["text/html", FILES["image/png"]],
      ["application/json", new TextEncoder().encode("{}")],
      ["", FILES["image/png"]],
      ["image/gif", new Uint8Array(0)],
    ];
    for (const [type, bytes] of cases) {
      expect(refusal(await uploadImage(staff.teacher.api, course.id, bytes, type)), type).toEqual({
        status: 400,
        error: M.typeRefused,
      });
    }
    expect(await imageCount(app, { course: course.id })).toBe(before);
  });

  it("takes 5 MB and refuses a byte more", async () => {
    const course = await createCourse(staff.admin.api);
    await uploaded(
      await uploadImage(staff.teacher.api, course.id, imageBytes("png", { size: IMAGE_MAX_BYTES }), "image/png"),
    );
    const tooLarge = await uploadImage(
      staff.teacher.api,
      course.id,
      imageBytes("png", { size: IMAGE_MAX_BYTES + 1 }),
      "image/png",
    );
    expect(refusal(tooLarge)).toEqual({ status: 413, error: M.tooLarge });
    expect(await imageCount(app, { course: course.id })).toBe(1);
  });

  it("needs courses.edit, a course of the organization, and a same-origin request", async () => {
    const course = await createCourse(staff.admin.api);
    const png = FILES["image/png"];
    expect((await uploadImage(staff.learner.api, course.id, png, "image/png")).status).toBe(403);
    expect(refusal(await uploadImage(stranger.admin.api, course.id, png, "image/png"))).toEqual({
      status: 404,
      error: COURSE_MESSAGES.courseNotFound,
    });
    const crossSite = await uploadImage(staff.admin.api, course.id, png, "image/png", {
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect(await imageCount(app, { course: course.id })).toBe(0);
  });

  it("is kept in lesson content at its own address", async () => {
    const course = await createCourse(staff.admin.api, { status: "published" });
    const module = await createModule(staff.admin.api, course.id);
    const url = await uploaded(await uploadImage(staff.teacher.api, course.id, FILES["image/png"], "image/png"));
    const content = `<p>Panel:</p><img src="${url}" alt="Panel">`;
    const lesson = await createLesson(staff.teacher.api, module.id, { content });
    expect(lesson.content).toBe(content);
    const page = ok<LessonView>(await staff.learner.api.get("/_api/lessons/get", { id: String(lesson.id) }));
    expect(page.content).toBe(content);
  });
});

describe("serving an image", () => {
  it("answers 'not found' to members of another organization and unknown keys, 401 when signed out", async () => {
    const course = await createCourse(staff.admin.api);
    const url = await uploaded(await uploadImage(staff.teacher.api, course.id, FILES["image/png"], "image/png"));
    const notFound = { status: 404, error: M.imageNotFound };
    expect(refusal(await stranger.admin.api.get(url))).toEqual(notFound);
    // Naming the image's organization in the header changes nothing for a stranger.
    const named = await stranger.admin.api.get(url, undefined, {
      headers: { "x-organization-id": String(staff.org.id) },
    });
    expect(refusal(named)).toEqual(notFound);
    expect(refusal(await staff.learner.api.get(`${url.slice(0, -1)}${url.endsWith("A") ? "B" : "A"}`))).toEqual(
      notFound,
    );
    expect(refusal(await staff.learner.api.get("/_api/uploads/images/short"))).toEqual(notFound);
    expect((await app.newAgent().get(url)).status).toBe(401);
  });

  it("goes with its course, and with its organization", async () => {
    const course = await createCourse(staff.admin.api);
    const url = await uploaded(await uploadImage(staff.teacher.api, course.id, FILES["image/gif"], "image/gif"));
    ok(await staff.admin.api.post("/_api/courses/delete", { id: course.id }));
    expect(await imageCount(app, { course: course.id })).toBe(0);
    expect((await staff.admin.api.get(url)).status).toBe(404);

    const team = await orgWithMembers(app, { label: "uploads-gone" });
    const doomed = await createCourse(team.admin.api);
    await uploaded(await uploadImage(team.admin.api, doomed.id, FILES["image/webp"], "image/webp"));
    expect(await imageCount(app, { organization: team.org.id })).toBe(1);
    ok(await team.admin.api.post("/_api/orgs/delete", { orgId: team.org.id }));
    expect(await imageCount(app, { organization: team.org.id })).toBe(0);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { expiryOf } from "#server/modules/certifications/certifications.rules.js";
import type { CourseView } from "#server/modules/courses/courses.presenter.js";
import { DAY_MS, ORGANIZATION_HEADER } from "#shared/constants.js";
import { COURSE_MESSAGES } from "#shared/schemas/courses.js";
import { departmentWithRoles } from "../../support/people.js";
import { startTestApp } from "../support/app.js";
import { listCertificates, myCertificates } from "../support/certificate-fixtures.js";
import { joinOrg, ok, orgWithMembers, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";
import { completeLessons, courseWithLessons } from "../support/training-fixtures.js";

/** Certification courses, the certificates their completion issues, and their statuses over time. */

let frozenNow: number | null = null;
const app = suiteFixture(
  () => startTestApp({}, { clock: () => frozenNow ?? Date.now() }),
  (started) => started.close(),
);
afterEach(() => {
  frozenNow = null;
});

const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { label: "certs", roles: ["manager", "teacher"] });
  const kitchen = await departmentWithRoles(team.admin.api, { name: "Kitchen" }, ["Cook"]);
  const [cookRole = 0] = kitchen.roleIds;
  const cook = await joinOrg(app, team, "learner", { tagIds: [cookRole], label: "cook" });
  const waiter = await joinOrg(app, team, "user", { label: "waiter" });
  const stranger = await orgWithMembers(app, { label: "elsewhere" });
  return { team, admin: team.admin.api, kitchen, cookRole, cook, waiter, stranger };
});

const ALLERGENS = { validityMonths: 12, recertifyDaysBefore: 30 };

describe("the course's certification fields", () => {
  it("are saved, answered, changed and cleared; bad values are refused with their message", async () => {
    const { course } = await courseWithLessons(world.admin, { title: "Forklift licence", certification: ALLERGENS });
    expect(course.certification).toEqual(ALLERGENS);
    const forGood = ok<CourseView>(
      await world.admin.post("/_api/courses/update", { id: course.id, certification: { validityMonths: null } }),
    );
    expect(forGood.certification).toEqual({ validityMonths: null, recertifyDaysBefore: 30 });
    expect(forGood.version).toBe(course.version + 1);
    const got = ok<CourseView>(await world.admin.get("/_api/courses/get", { id: String(course.id) }));
    expect(got.certification).toEqual({ validityMonths: null, recertifyDaysBefore: 30 });
    const cleared = ok<CourseView>(
      await world.admin.post("/_api/courses/update", { id: course.id, certification: null }),
    );
    expect(cleared.certification).toBeNull();
    expect(
      refusal(await world.admin.post("/_api/courses/update", { id: course.id, certification: { validityMonths: 0 } })),
    ).toEqual({ status: 400, error: COURSE_MESSAGES.validityMonthsInvalid });
    expect(
      refusal(
        await world.admin.post("/_api/courses/create", {
          title: "Bad window",
          certification: { validityMonths: 12, recertifyDaysBefore: 400 },
        }),
      ),
    ).toEqual({ status: 400, error: COURSE_MESSAGES.recertifyDaysInvalid });
  });
});

describe("certificates derived from completion", () => {
  it("completing every lesson issues one certificate, valid 12 months, expiring soon, then expired", async () => {
    const { course, lessons } = await courseWithLessons(world.admin, {
      title: "Allergen Awareness",
      certification: ALLERGENS,
    });
    await completeLessons(world.cook.api, lessons.slice(0, 1));
    expect((await myCertificates(world.cook.api)).filter((c) => c.courseId === course.id)).toEqual([]);
    const before = Date.now();
    await completeLessons(world.cook.api, lessons.slice(1));

    // Two reads at once materialize it once: the unique key of course, holder and cycle.
    const [first, second] = await Promise.all([myCertificates(world.cook.api), myCertificates(world.cook.api)]);
    const mine = first?.filter((c) => c.courseId === course.id) ?? [];
    expect(mine).toHaveLength(1);
    expect(second?.find((c) => c.courseId === course.id)?.id).toBe(mine[0]?.id);
    const certificate = mine[0];
    expect(certificate).toMatchObject({
      title: "Allergen Awareness",
      holderName: world.cook.name,
      userId: world.cook.id,
      cycle: 1,
      courseVersion: course.version,
      status: "valid",
      revokedAt: null,
      number: `TW-${course.id}-${world.cook.id}-1`,
    });
    expect(certificate?.verificationCode).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Issued when the last lesson was completed; valid until the end of that day twelve months later.
    const issuedAt = certificate?.issuedAt ?? new Date(0);
    expect(issuedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(issuedAt.getTime()).toBeLessThanOrEqual(Date.now());
    const expiresAt = expiryOf(issuedAt, 12) ?? new Date(0);
    expect(certificate?.expiresAt).toEqual(expiresAt);
    expect(expiresAt.toISOString()).toMatch(/T23:59:59\.999Z$/);

    const statusAt = async (moment: number) => {
      frozenNow = moment;
      return (await myCertificates(world.cook.api)).find((c) => c.id === certificate?.id)?.status;
    };
    expect(await statusAt(expiresAt.getTime() - 31 * DAY_MS)).toBe("valid");
    expect(await statusAt(expiresAt.getTime() - 29 * DAY_MS)).toBe("expiring");
    expect(await statusAt(expiresAt.getTime())).toBe("expiring");
    expect(await statusAt(expiresAt.getTime() + 1)).toBe("expired");
  });

  it("a course that is no certification issues nothing; one valid for good never expires", async () => {
    const { course: plain, lessons: plainLessons } = await courseWithLessons(world.admin, { title: "Plain course" });
    const { course: forGood, lessons } = await courseWithLessons(world.admin, {
      title: "Fire safety",
      certification: { validityMonths: null },
    });
    await completeLessons(world.waiter.api, [...plainLessons, ...lessons]);
    const mine = await myCertificates(world.waiter.api);
    expect(mine.some((c) => c.courseId === plain.id)).toBe(false);
    expect(mine.find((c) => c.courseId === forGood.id)).toMatchObject({ expiresAt: null, status: "valid" });
    frozenNow = Date.parse("2099-01-01T00:00:00Z");
    expect((await myCertificates(world.waiter.api)).find((c) => c.courseId === forGood.id)?.status).toBe("valid");
  });
});

describe("certificates/list", () => {
  it("shows managers who holds what, by status, expiry window, department and job role; CSV too", async () => {
    const { course, lessons } = await courseWithLessons(world.admin, {
      title: "CPR refresher",
      certification: ALLERGENS,
    });
    await completeLessons(world.cook.api, lessons);
    await completeLessons(world.waiter.api, lessons);
    const manager = world.team.members.manager.api;
    const all = await listCertificates(manager, { courseId: String(course.id) });
    expect(all.map((c) => c.holderName).sort()).toEqual([world.cook.name, world.waiter.name].sort());
    const cook = all.find((c) => c.userId === world.cook.id);
    expect(cook).toMatchObject({ departments: ["Kitchen"], jobRoles: ["Cook"] });
    expect(all.find((c) => c.userId === world.waiter.id)).toMatchObject({ departments: [], jobRoles: [] });

    const byDepartment = await listCertificates(manager, {
      courseId: String(course.id),
      tagId: String(world.kitchen.id),
    });
    expect(byDepartment.map((c) => c.userId)).toEqual([world.cook.id]);
    const byRole = await listCertificates(manager, { courseId: String(course.id), tagId: String(world.cookRole) });
    expect(byRole.map((c) => c.userId)).toEqual([world.cook.id]);
    const ofWaiter = await listCertificates(manager, { userId: String(world.waiter.id), courseId: String(course.id) });
    expect(ofWaiter.map((c) => c.userId)).toEqual([world.waiter.id]);

    // Not within 60 days of expiry 70 days before it, within 90; "expiring" from 30 days before.
    const expiresAt = all[0]?.expiresAt?.getTime() ?? 0;
    frozenNow = expiresAt - 70 * DAY_MS;
    expect(await listCertificates(manager, { courseId: String(course.id), withinDays: "60" })).toEqual([]);
    expect(await listCertificates(manager, { courseId: String(course.id), withinDays: "90" })).toHaveLength(2);
    expect(await listCertificates(manager, { courseId: String(course.id), status: "expiring" })).toEqual([]);
    frozenNow = expiresAt - 10 * DAY_MS;
    expect(await listCertificates(manager, { courseId: String(course.id), status: "expiring" })).toHaveLength(2);

    const csv = await manager.get("/_api/certificates/list", { courseId: String(course.id), format: "csv" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Holder,Certification,Number,Status,Issued,Expires,Departments,Job roles,Revoked reason,Issued by",
    );
    expect(lines.slice(1).find((line) => line.startsWith(world.cook.name))).toBe(
      [
        world.cook.name,
        "CPR refresher",
        `TW-${course.id}-${world.cook.id}-1`,
        "Expiring soon",
        cook?.issuedAt.toISOString().slice(0, 10),
        cook?.expiresAt?.toISOString().slice(0, 10),
        "Kitchen",
        "Cook",
        "",
        "",
      ].join(","),
    );
  });

  it("is refused to learners and teachers, and bad filters get their message", async () => {
    expect((await world.cook.api.get("/_api/certificates/list")).status).toBe(403);
    expect((await world.team.members.teacher.api.get("/_api/certificates/list")).status).toBe(403);
    expect(refusal(await world.admin.get("/_api/certificates/list", { status: "lost" }))).toEqual({
      status: 400,
      error: "Status must be valid, expiring, expired or revoked.",
    });
    expect(refusal(await world.admin.get("/_api/certificates/list", { withinDays: "0" }))).toEqual({
      status: 400,
      error: "Expiring within must be a whole number of days from 1 to 366.",
    });
  });

  it("another organization's member gets not found, sees none of them and changes nothing", async () => {
    const { course, lessons } = await courseWithLessons(world.admin, { title: "HIPAA", certification: ALLERGENS });
    await completeLessons(world.cook.api, lessons);
    expect((await myCertificates(world.cook.api)).some((c) => c.courseId === course.id)).toBe(true);
    const before = await rowsOfOrganization(app, world.team.org.id);
    const outsider = world.stranger.admin.api;
    const header = { headers: { [ORGANIZATION_HEADER]: String(world.team.org.id) } };
    for (const path of ["/_api/certificates/list", "/_api/certificates/mine"]) {
      expect((await outsider.get(path, {}, header)).status).toBe(404);
    }
    expect(await listCertificates(outsider, { courseId: String(course.id) })).toEqual([]);
    expect(await listCertificates(outsider, { userId: String(world.cook.id) })).toEqual([]);
    expect(await myCertificates(outsider)).toEqual([]);
    expect(await rowsOfOrganization(app, world.team.org.id)).toEqual(before);
  });
});

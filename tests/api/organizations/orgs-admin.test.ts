import { beforeAll, describe, expect, it } from "vitest";
import { CHECKPOINT_JOB, SEQUENCER_JOB } from "#server/modules/evidence/index.js";
import { ID_MESSAGES } from "#shared/schemas/common.js";
import { ORG_MESSAGES as M } from "#shared/schemas/orgs.js";
import type { ScormLaunchView } from "#shared/schemas/scorm.js";
import { TEAM_MESSAGES } from "#shared/schemas/team.js";
import { THREE_QUESTIONS } from "../../support/quiz-questions.js";
import { singleScoPackage } from "../../support/scorm-packages.js";
import type { ApiClient } from "../support/client.js";
import { pngBytes, uploadImage } from "../support/course-fixtures.js";
import {
  createOrg,
  invite,
  joinOrg,
  type Member,
  me,
  type OrgTeam,
  ok,
  orgWithMembers,
  refusal,
  rowsOfOrganization,
} from "../support/org-fixtures.js";
import { suiteApp } from "../support/suite.js";

/**
 * Organizations, part 2 (docs/SPEC.md §7; docs/DESIGN.md §6; decision 0003): get, stats, update and delete,
 * with the permission matrix, strangers, and deletion that leaves no row behind and touches no other org.
 */

const FORBIDDEN = "You don't have permission to do that.";
const NO_ACCESS = { status: 404, error: M.noAccess };
const UNKNOWN_ORG_ID = 987_654;

const app = suiteApp();

type Staffed = OrgTeam<"manager" | "teacher" | "learner">;

/**
 * Fills an organization with one row in every organization-owned table: a department and a role, a
 * member holding both, an open invitation, a published course (tagged; 3 lessons) and a draft one
 * (2 lessons), each with an image, and 3 completions. Answers with the person who holds the tags and the open token.
 */
async function populate(team: OrgTeam<"learner">): Promise<{ tagged: Member; openToken: string }> {
  const api = team.admin.api;
  const dept = ok<{ id: number }>(await api.post("/_api/tags/create", { name: "Operations", type: "department" }));
  const role = ok<{ id: number }>(
    await api.post("/_api/tags/create", { name: "Driver", type: "role", parentId: dept.id }),
  );
  const tagged = await joinOrg(app, team, "user", { tagIds: [dept.id, role.id] });
  const { token: openToken } = await invite(api, { name: "Pending", email: `pending.${team.org.slug}@example.com` });
  const lessonsOf = async (status: "published" | "draft", count: number) => {
    const course = ok<{ id: number }>(
      await api.post("/_api/courses/create", { title: `A ${status} course`, status, tagIds: [dept.id] }),
    );
    const module = ok<{ id: number }>(await api.post("/_api/modules/create", { courseId: course.id, title: "M" }));
    // A named assignment too (decision 0040), so every organization-owned table has a row.
    ok(await api.post("/_api/assignments/create", { courseId: course.id, userIds: [tagged.id] }));
    ok(await uploadImage(api, course.id, pngBytes()));
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(ok<{ id: number }>(await api.post("/_api/lessons/create", { moduleId: module.id, title: `L${i}` })).id);
    }
    return ids;
  };
  const published = await lessonsOf("published", 3);
  await lessonsOf("draft", 2);
  for (const [who, lessonId] of [
    [team.members.learner, published[0]],
    [team.admin, published[0]],
  ] as const) {
    ok(await who.api.post("/_api/lessons/complete", { lessonId }));
  }
  // Someone who has gone (decision 0120): a former member's row.
  const gone = await joinOrg(app, team, "learner", { label: "gone" });
  ok(await api.post("/_api/team/remove-member", { userId: gone.id }));
  // The learner completes the second lesson by signing it (decision 0101): a version and a signature too.
  const signoff = ok<{ id: number; version: number }>(
    await api.post("/_api/lessons/update", { id: published[1], requiresSignoff: true }),
  );
  const { learner } = team.members;
  // Signed in Spanish (decision 0411): the lesson's and its course's translations, and what was signed.
  ok(
    await api.post("/_api/lessons/translations/save", {
      lessonId: signoff.id,
      language: "es",
      title: "Procedimiento",
    }),
  );
  const [firstCourse] = ok<{ id: number }[]>(await api.get("/_api/courses/list"));
  ok(await api.post("/_api/courses/translations/save", { courseId: firstCourse?.id, language: "es", title: "Curso" }));
  ok(
    await learner.api.post("/_api/lessons/sign", {
      lessonId: signoff.id,
      version: signoff.version,
      fullName: learner.name,
      agreed: true,
      language: "es",
      translationVersion: 1,
    }),
  );
  // A knowledge check with an attempt (decision 0110), on a lesson no test completes by hand.
  const checkLesson = published[2] ?? 0;
  ok(await api.post("/_api/quizzes/save", { lessonId: checkLesson, questions: THREE_QUESTIONS }));
  ok(await team.members.learner.api.post("/_api/quizzes/submit", { lessonId: checkLesson, answers: [] }));
  // A certificate (decision 0310), revoked so that its cycle's completions are kept aside, and an API key
  // (decision 0320).
  const certification = ok<{ id: number }>(
    await api.post("/_api/courses/create", {
      title: "A certification",
      status: "published",
      certification: { validityMonths: 12, recertifyDaysBefore: 30 },
    }),
  );
  const certModule = ok<{ id: number }>(
    await api.post("/_api/modules/create", { courseId: certification.id, title: "M" }),
  );
  const certLesson = ok<{ id: number }>(
    await api.post("/_api/lessons/create", { moduleId: certModule.id, title: "C" }),
  );
  ok(await learner.api.post("/_api/lessons/complete", { lessonId: certLesson.id }));
  const [certificate] = ok<{ id: number }[]>(await learner.api.get("/_api/certificates/mine"));
  ok(await api.post("/_api/certificates/revoke", { id: certificate?.id, reason: "Issued in error" }));
  // A certificate earned elsewhere, with its scan (decision 0350).
  const { scanKey } = ok<{ scanKey: string }>(
    await learner.api.post("/_api/certificates/scans", undefined, {
      raw: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      headers: { "content-type": "image/jpeg" },
    }),
  );
  ok(
    await learner.api.post("/_api/certificates/external", {
      title: "CPR card",
      issuer: "Red Cross",
      issuedOn: "2026-01-05",
      scanKey,
    }),
  );
  ok(await api.post("/_api/api-keys/create", { name: "Payroll sync", role: "readonly" }));
  // A draft of the published course's first lesson, and the document-control setting (decisions 0390, 0391).
  ok(await api.post("/_api/lessons/update", { id: published[0], draft: true, content: "<p>Draft</p>" }));
  ok(await api.post("/_api/document-control/update-settings", { approvalRequired: false }));
  // A webhook endpoint (decision 0341).
  ok(await api.post("/_api/webhooks/create", { url: "https://hooks.example.com/in", events: ["member.joined"] }));
  // A company identity provider with its domain (decision 0370), and the learner's identity there: the
  // link a first company sign-in makes, written as that sign-in would (the sign-in itself needs a provider
  // on the network: tests/api/sso).
  const provider = ok<{ id: number }>(
    await api.post("/_api/sso/providers/create", {
      issuer: "https://idp.example.com",
      clientId: "deleted-with-the-organization",
      clientSecret: "a client secret",
      domains: [`${team.org.slug}.example.com`],
    }),
  );
  await app.orm.em
    .fork()
    .execute(
      "insert into sso_identities (organization_id, provider_id, subject, user_id, created_at) values (?, ?, ?, ?, ?)",
      [team.org.id, provider.id, "subject-of-the-learner", learner.id, new Date()],
    );
  // A SCORM lesson: its package, files and the learner's attempt (decision 0330).
  const scorm = ok<{ id: number }>(
    await api.post("/_api/lessons/create", { moduleId: certModule.id, title: "Bought" }),
  );
  ok(
    await api.post(`/_api/scorm/upload?lessonId=${scorm.id}`, undefined, {
      raw: singleScoPackage("1.2"),
      headers: { "content-type": "application/zip" },
    }),
  );
  const launched = ok<ScormLaunchView>(await learner.api.get("/_api/scorm/launch", { lessonId: String(scorm.id) }));
  const cmi = { "cmi.core.lesson_status": "incomplete", "cmi.core.lesson_location": "page-2" };
  const sco = launched.scos[0]?.identifier ?? "";
  ok(await learner.api.post("/_api/scorm/commit", { lessonId: scorm.id, sco, packageVersion: 1, cmi }));
  // The evidence log chained and its head signed (decision 0300): the key and a checkpoint.
  await app.runScheduledJob(SEQUENCER_JOB);
  await app.runScheduledJob(CHECKPOINT_JOB);
  return { tagged, openToken };
}

const getOrg = (api: ApiClient, orgId: number | string) => api.get("/_api/orgs/get", { orgId: String(orgId) });
const statsOf = (api: ApiClient, orgId: number | string) => api.get("/_api/orgs/stats", { orgId: String(orgId) });

describe("get, stats and update", () => {
  let team: Staffed & { tagged: Member };
  let other: OrgTeam<"learner">;

  beforeAll(async () => {
    const staffed = await orgWithMembers(app, { roles: ["manager", "teacher", "learner"], label: "main" });
    other = await orgWithMembers(app, { roles: ["learner"], label: "other" });
    const [mine] = await Promise.all([populate(staffed), populate(other)]);
    team = { ...staffed, tagged: mine.tagged };
  });

  it("get answers every member with the organization and their own role", async () => {
    const everyone = [team.admin, team.members.manager, team.members.teacher, team.members.learner, team.tagged];
    for (const member of everyone) {
      expect(ok(await getOrg(member.api, team.org.id))).toEqual({
        ...team.org,
        role: member.role,
        createdAt: expect.any(Date),
        memberCount: 5,
      });
    }
  });

  it("get, stats, update and delete answer a stranger exactly as an unknown id: 404, no access", async () => {
    const stranger = other.admin.api;
    for (const orgId of [team.org.id, UNKNOWN_ORG_ID]) {
      expect(refusal(await getOrg(stranger, orgId))).toEqual(NO_ACCESS);
      expect(refusal(await statsOf(stranger, orgId))).toEqual(NO_ACCESS);
      expect(refusal(await stranger.post("/_api/orgs/update", { orgId, name: "Taken over" }))).toEqual(NO_ACCESS);
      expect(refusal(await stranger.post("/_api/orgs/delete", { orgId }))).toEqual(NO_ACCESS);
    }
    expect(ok(await getOrg(team.admin.api, team.org.id))).toMatchObject({ name: team.org.name });
  });

  it("an id beyond the integer columns' range is refused as one, like every id field (decision 0261)", async () => {
    const tooLarge = { status: 400, error: ID_MESSAGES.tooLarge };
    for (const api of [other.admin.api, team.admin.api]) {
      expect(refusal(await getOrg(api, 99_999_999_999))).toEqual(tooLarge);
      expect(refusal(await statsOf(api, 2 ** 31))).toEqual(tooLarge);
      expect(refusal(await api.post("/_api/orgs/update", { orgId: 2 ** 31, name: "Taken over" }))).toEqual(tooLarge);
      expect(refusal(await api.post("/_api/orgs/delete", { orgId: 2 ** 31 }))).toEqual(tooLarge);
    }
  });

  it.each([
    [{}],
    [{ orgId: "0" }],
    [{ orgId: "-1" }],
    [{ orgId: "abc" }],
    [{ orgId: "2.5" }],
  ])("get and stats with %j → 400 'Organization ID must be a positive number.'", async (query) => {
    const invalid = { status: 400, error: M.orgIdInvalid };
    expect(refusal(await team.admin.api.get("/_api/orgs/get", query))).toEqual(invalid);
    expect(refusal(await team.admin.api.get("/_api/orgs/stats", query))).toEqual(invalid);
  });

  it("stats counts this organization's members, published courses, lessons and completions only", async () => {
    // The certification course (with a SCORM lesson) counts too; its revoked cycle's completion is kept aside (decision 0310), not counted.
    const expected = { memberCount: 5, courseCount: 2, lessonCount: 7, totalCompletions: 3 };
    expect(ok(await statsOf(team.admin.api, team.org.id))).toEqual(expected);
    expect(ok(await statsOf(team.members.manager.api, team.org.id))).toEqual(expected);
    expect(ok(await statsOf(other.admin.api, other.org.id))).toEqual({ ...expected, memberCount: 3 });
  });

  it("stats is refused to a teacher, a learner and a user (403)", async () => {
    for (const member of [team.members.teacher, team.members.learner, team.tagged]) {
      expect(refusal(await statsOf(member.api, team.org.id)), member.role).toEqual({ status: 403, error: FORBIDDEN });
    }
  });

  it.each([
    [{}, M.nameOrSlugRequired],
    [{ name: "A" }, M.nameTooShort],
    [{ name: "  B  " }, M.nameTooShort],
    [{ name: "x".repeat(101) }, M.nameTooLong],
    [{ slug: "ab" }, M.slugTooShort],
    [{ name: "Fine name", slug: "Not A Slug" }, M.slugPattern],
    [{ name: "Fine name", slug: "-edge-" }, M.slugPattern],
  ])("update %j → 400 with the spec's message, and nothing changes", async (input, message) => {
    const response = await team.admin.api.post("/_api/orgs/update", { orgId: team.org.id, ...input });
    expect(refusal(response)).toEqual({ status: 400, error: message });
    expect(ok(await getOrg(team.admin.api, team.org.id))).toMatchObject({ name: team.org.name, slug: team.org.slug });
  });

  it("update without a valid orgId → 400 'Organization ID must be a positive number.'", async () => {
    for (const orgId of [undefined, 0, -4, "abc"]) {
      expect(refusal(await team.admin.api.post("/_api/orgs/update", { orgId, name: "Renamed" }))).toEqual({
        status: 400,
        error: M.orgIdInvalid,
      });
    }
  });

  it("the slug cannot be changed by update; sending the current one is fine", async () => {
    const response = await team.admin.api.post("/_api/orgs/update", {
      orgId: team.org.id,
      name: "New name",
      slug: `${team.org.slug}-x`,
    });
    expect(refusal(response)).toEqual({ status: 400, error: M.slugUnchangeable });
    expect(ok(await getOrg(team.admin.api, team.org.id))).toMatchObject({ name: team.org.name, slug: team.org.slug });
    const same = ok(
      await team.admin.api.post("/_api/orgs/update", { orgId: team.org.id, slug: team.org.slug, name: team.org.name }),
    );
    expect(same).toMatchObject({ slug: team.org.slug, name: team.org.name });
  });

  it("a manager, a teacher and a learner cannot update (403), and nothing changes", async () => {
    for (const member of [team.members.manager, team.members.teacher, team.members.learner]) {
      const response = await member.api.post("/_api/orgs/update", { orgId: team.org.id, name: "Renamed by staff" });
      expect(refusal(response), member.role).toEqual({ status: 403, error: FORBIDDEN });
    }
    expect(ok(await getOrg(team.admin.api, team.org.id))).toMatchObject({ name: team.org.name });
  });

  it("the admin renames the organization: every member sees the new name, the slug stays", async () => {
    const renamed = ok(await team.admin.api.post("/_api/orgs/update", { orgId: team.org.id, name: "  Renamed Co  " }));
    expect(renamed).toEqual({
      ...team.org,
      name: "Renamed Co",
      role: "admin",
      createdAt: expect.any(Date),
      memberCount: 5,
    });
    expect((await me(team.members.learner.api)).currentOrganization).toEqual({
      ...team.org,
      name: "Renamed Co",
      role: "learner",
    });
    expect(ok(await team.members.teacher.api.get("/_api/orgs/list"))).toEqual([
      { ...team.org, name: "Renamed Co", role: "teacher", createdAt: expect.any(Date), memberCount: 5 },
    ]);
    expect(ok(await getOrg(other.admin.api, other.org.id))).toMatchObject({ name: other.org.name });
    team.org.name = "Renamed Co";
  });
});

describe("delete", () => {
  let doomed: Staffed;
  let doomedData: { tagged: Member; openToken: string };
  let survivor: OrgTeam<"learner">;
  let survivorBefore: Record<string, unknown>;
  /** The teacher also runs an organization of their own, which is current for them. */
  let teachersOwn: { id: number; name: string; slug: string };

  const snapshotOf = async (team: OrgTeam<"learner">) => ({
    rows: await rowsOfOrganization(app, team.org.id),
    stats: ok(await statsOf(team.admin.api, team.org.id)),
    tags: ok(await team.admin.api.get("/_api/tags/list")),
    members: ok(await team.admin.api.get("/_api/team/members")),
    courses: ok(await team.admin.api.get("/_api/courses/list")),
    learnerCompletions: ok(await team.members.learner.api.get("/_api/users/completions")),
    adminMe: await me(team.admin.api),
  });

  beforeAll(async () => {
    doomed = await orgWithMembers(app, { roles: ["manager", "teacher", "learner"], label: "doomed" });
    survivor = await orgWithMembers(app, { roles: ["learner"], label: "survivor" });
    [doomedData] = await Promise.all([populate(doomed), populate(survivor)]);
    teachersOwn = await createOrg(doomed.members.teacher, { name: "Teacher's own" });
    survivorBefore = await snapshotOf(survivor);
  });

  it("has a row in every organization-owned table before (so that 'none left' below means something)", async () => {
    const rows = await rowsOfOrganization(app, doomed.org.id);
    for (const [table, count] of Object.entries(rows)) expect(count, table).toBeGreaterThan(0);
  });

  it("is refused to a manager, a teacher and a learner (403), and to strangers (404); nothing changes", async () => {
    const before = await rowsOfOrganization(app, doomed.org.id);
    for (const member of [doomed.members.manager, doomed.members.teacher, doomed.members.learner, doomedData.tagged]) {
      const response = await member.api.post("/_api/orgs/delete", { orgId: doomed.org.id });
      expect(refusal(response), member.role).toEqual({ status: 403, error: FORBIDDEN });
    }
    expect(refusal(await survivor.admin.api.post("/_api/orgs/delete", { orgId: doomed.org.id }))).toEqual(NO_ACCESS);
    expect(refusal(await doomed.admin.api.post("/_api/orgs/delete", { orgId: "x" }))).toEqual({
      status: 400,
      error: M.orgIdInvalid,
    });
    expect(await rowsOfOrganization(app, doomed.org.id)).toEqual(before);
  });

  it("the admin deletes it: no row of it remains, and it is nobody's current organization", async () => {
    const deleted = ok(await doomed.admin.api.post("/_api/orgs/delete", { orgId: doomed.org.id }));
    expect(deleted).toEqual({ message: `Organization "${doomed.org.name}" deleted.` });

    const rows = await rowsOfOrganization(app, doomed.org.id);
    expect(rows).toEqual(Object.fromEntries(Object.keys(rows).map((table) => [table, 0])));

    for (const member of [doomed.admin, doomed.members.manager, doomed.members.learner, doomedData.tagged]) {
      expect(await me(member.api), member.role).toMatchObject({ currentOrgId: null, currentOrganization: null });
      expect(ok(await member.api.get("/_api/orgs/list"))).toEqual([]);
    }
    // Someone whose current organization was another one keeps it.
    expect((await me(doomed.members.teacher.api)).currentOrganization).toEqual({ ...teachersOwn, role: "admin" });
    expect(ok(await doomed.members.teacher.api.get("/_api/orgs/list"))).toEqual([
      { ...teachersOwn, role: "admin", createdAt: expect.any(Date), memberCount: 1 },
    ]);
  });

  it("afterwards the organization is gone for everyone who was in it", async () => {
    const api = doomed.admin.api;
    expect(refusal(await getOrg(api, doomed.org.id))).toEqual(NO_ACCESS);
    expect(refusal(await statsOf(api, doomed.org.id))).toEqual(NO_ACCESS);
    expect(refusal(await api.post("/_api/orgs/switch", { orgId: doomed.org.id }))).toEqual(NO_ACCESS);
    expect(refusal(await api.post("/_api/orgs/delete", { orgId: doomed.org.id }))).toEqual(NO_ACCESS);
    expect(refusal(await api.get("/_api/orgs/validate-slug", { slug: doomed.org.slug }))).toEqual({
      status: 404,
      error: `Organization "${doomed.org.slug}" could not be found.`,
    });
    expect(refusal(await app.newAgent().get("/_api/team/decode-invite", { token: doomedData.openToken }))).toEqual({
      status: 404,
      error: TEAM_MESSAGES.invitationInvalid,
    });
  });

  it("touches no other organization: its rows, stats, tags, members, courses and completions are as before", async () => {
    expect(await snapshotOf(survivor)).toEqual(survivorBefore);
  });
});

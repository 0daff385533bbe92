import { afterEach, describe, expect, it } from "vitest";
import type { ExternalCertificateView } from "#server/modules/certifications/external-certificates.presenter.js";
import type { MyTraining } from "#server/modules/training/training.presenter.js";
import { DAY_MS, ORGANIZATION_HEADER } from "#shared/constants.js";
import { onlyWhoMay } from "#shared/permission-texts.js";
import { EXTERNAL_MESSAGES as M } from "#shared/schemas/external-certificates.js";
import { startTestApp } from "../support/app.js";
import { listCertificates, myCertificates } from "../support/certificate-fixtures.js";
import type { ApiClient } from "../support/client.js";
import { joinOrg, ok, orgWithMembers, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";
import { courseWithLessons } from "../support/training-fixtures.js";

/** Certificates earned elsewhere (docs/decisions/0350-external-certificates.md) through their REST paths. */

let frozenNow: number | null = null;
const app = suiteFixture(
  () => startTestApp({}, { clock: () => frozenNow ?? Date.now() }),
  (started) => started.close(),
);
afterEach(() => {
  frozenNow = null;
});

const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { label: "external", roles: ["manager", "teacher"] });
  const cook = await joinOrg(app, team, "learner", { label: "cook" });
  const waiter = await joinOrg(app, team, "user", { label: "waiter" });
  const stranger = await orgWithMembers(app, { label: "elsewhere" });
  return { team, admin: team.admin.api, manager: team.members.manager.api, cook, waiter, stranger };
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

async function uploadScan(api: ApiClient, bytes: Uint8Array, type: string, headers: Record<string, string> = {}) {
  return api.post("/_api/certificates/scans", undefined, {
    raw: new Uint8Array(bytes),
    headers: { "content-type": type, ...headers },
  });
}

async function scanKey(api: ApiClient, bytes = PNG, type = "image/png"): Promise<string> {
  return ok<{ scanKey: string }>(await uploadScan(api, bytes, type)).scanKey;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const CARD = { title: "ServSafe Food Handler", issuer: "National Restaurant Association", number: "SS-2291" };

describe("a learner's own certificate, submitted for approval", () => {
  it("waits for approval, then counts as a certificate with its issuer and number; never on the public page", async () => {
    const scan = await scanKey(world.cook.api);
    const submitted = ok<ExternalCertificateView>(
      await world.cook.api.post("/_api/certificates/external", {
        ...CARD,
        issuedOn: day(-10),
        expiresOn: day(355),
        scanKey: scan,
      }),
    );
    expect(submitted).toMatchObject({
      ...CARD,
      userId: world.cook.id,
      holderName: world.cook.name,
      status: "pending",
      statusLabel: "Waiting for approval",
      scanType: "image/png",
      certificateId: null,
    });
    // Pending: no certificate yet, but the holder and the managers see the record.
    expect((await myCertificates(world.cook.api)).some((c) => c.title === CARD.title)).toBe(false);
    const pending = ok<ExternalCertificateView[]>(
      await world.manager.get("/_api/certificates/external-list", { status: "pending" }),
    );
    expect(pending.map((x) => x.id)).toContain(submitted.id);
    const own = ok<ExternalCertificateView[]>(await world.cook.api.get("/_api/certificates/external-list"));
    expect(own.map((x) => x.id)).toEqual([submitted.id]);
    expect(ok<ExternalCertificateView[]>(await world.waiter.api.get("/_api/certificates/external-list"))).toEqual([]);

    // A scan is used once.
    expect(
      refusal(await world.cook.api.post("/_api/certificates/external", { ...CARD, issuedOn: day(-1), scanKey: scan })),
    ).toEqual({ status: 400, error: M.scanRequired });

    const approved = ok<ExternalCertificateView>(
      await world.manager.post("/_api/certificates/review", { id: submitted.id, decision: "approve" }),
    );
    expect(approved.status).toBe("approved");
    expect(approved.certificateId).toEqual(expect.any(Number));
    expect(
      refusal(await world.admin.post("/_api/certificates/review", { id: submitted.id, decision: "approve" })),
    ).toEqual({ status: 409, error: M.alreadyReviewed });

    const certificate = (await myCertificates(world.cook.api)).find((c) => c.id === approved.certificateId);
    expect(certificate).toMatchObject({
      title: CARD.title,
      number: CARD.number,
      issuer: CARD.issuer,
      externalId: submitted.id,
      courseId: null,
      status: "valid",
    });
    expect(certificate?.issuedAt.toISOString()).toBe(`${day(-10)}T00:00:00.000Z`);
    expect(certificate?.expiresAt?.toISOString()).toBe(`${day(355)}T23:59:59.999Z`);
    const listed = await listCertificates(world.manager, { userId: String(world.cook.id) });
    expect(listed.find((c) => c.id === certificate?.id)?.issuer).toBe(CARD.issuer);
    // Its status follows the clock like an issued one's.
    frozenNow = Date.parse(`${day(356)}T12:00:00Z`);
    expect((await myCertificates(world.cook.api)).find((c) => c.id === certificate?.id)?.status).toBe("expired");
    frozenNow = null;

    // The organization did not issue it: no verification page, no PDF of its own; the scan instead.
    const code = certificate?.verificationCode ?? "";
    expect((await app.newAgent().get("/_api/certificates/verify", { code })).status).toBe(404);
    expect(refusal(await world.cook.api.get("/_api/certificates/pdf", { id: String(certificate?.id) }))).toEqual({
      status: 400,
      error: M.noPdfOfExternal,
    });
    for (const api of [world.cook.api, world.manager, world.admin]) {
      const file = await api.get("/_api/certificates/scan", { id: String(submitted.id) });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
      expect([...file.bytes]).toEqual([...PNG]);
    }
    for (const api of [world.waiter.api, world.team.members.teacher.api]) {
      expect(refusal(await api.get("/_api/certificates/scan", { id: String(submitted.id) }))).toEqual({
        status: 404,
        error: M.externalNotFound,
      });
    }
  });

  it("a rejection says why and issues nothing; only admins and managers review", async () => {
    const submitted = ok<ExternalCertificateView>(
      await world.waiter.api.post("/_api/certificates/external", {
        title: "CPR card",
        issuer: "Red Cross",
        issuedOn: day(-3),
        expiresOn: null,
        scanKey: await scanKey(world.waiter.api, PDF, "application/pdf"),
      }),
    );
    for (const api of [world.cook.api, world.team.members.teacher.api, world.waiter.api]) {
      expect(refusal(await api.post("/_api/certificates/review", { id: submitted.id, decision: "approve" }))).toEqual({
        status: 403,
        error: "You don't have permission to do that.",
      });
    }
    expect(
      refusal(await world.manager.post("/_api/certificates/review", { id: submitted.id, decision: "reject" })),
    ).toEqual({ status: 400, error: M.reasonRequired });
    const rejected = ok<ExternalCertificateView>(
      await world.manager.post("/_api/certificates/review", {
        id: submitted.id,
        decision: "reject",
        reason: "The scan is unreadable.",
      }),
    );
    expect(rejected).toMatchObject({ status: "rejected", reviewNote: "The scan is unreadable.", certificateId: null });
    expect((await myCertificates(world.waiter.api)).some((c) => c.title === "CPR card")).toBe(false);
    const file = await world.waiter.api.get("/_api/certificates/scan", { id: String(submitted.id) });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("attachment");
  });
});

describe("a manager records a member's certificate", () => {
  it("is approved at once and fulfils a certification course: the holder's current certificate of it", async () => {
    const { course } = await courseWithLessons(world.admin, {
      title: "Allergen Awareness",
      certification: { validityMonths: 12, recertifyDaysBefore: 30 },
    });
    const recorded = ok<ExternalCertificateView>(
      await world.manager.post("/_api/certificates/external", {
        userId: world.cook.id,
        title: "Allergen card",
        issuer: "County health office",
        number: "AL-7",
        issuedOn: day(-300),
        expiresOn: day(20),
        courseId: course.id,
        scanKey: await scanKey(world.manager, PDF, "application/pdf"),
      }),
    );
    expect(recorded).toMatchObject({ status: "approved", courseId: course.id, courseTitle: "Allergen Awareness" });
    const certificate = (await myCertificates(world.cook.api)).find((c) => c.courseId === course.id);
    expect(certificate).toMatchObject({ id: recorded.certificateId, cycle: 1, status: "expiring", number: "AL-7" });
    // Inside the window, the course is the holder's again, due on the card's expiry day.
    const training = ok<MyTraining>(await world.cook.api.get("/_api/training/mine"));
    const line = training.assigned.find((item) => item.courseId === course.id);
    expect(line?.certificate?.status).toBe("expiring");
    expect(line?.dueAt?.toISOString()).toBe(`${day(20)}T23:59:59.999Z`);
  });

  it("bad input is refused with its message and changes nothing", async () => {
    const { course: plain } = await courseWithLessons(world.admin, { title: "Plain onboarding" });
    const before = await rowsOfOrganization(app, world.team.org.id);
    const base = { ...CARD, issuedOn: day(-1), scanKey: "x".repeat(43) };
    const cases: [ApiClient, unknown, number, string][] = [
      [world.cook.api, { ...base, userId: world.waiter.id }, 403, onlyWhoMay("certificates.recordExternal")],
      [world.manager, { ...base, userId: world.stranger.admin.id }, 404, M.memberNotFound],
      [world.manager, { ...base, courseId: plain.id }, 400, M.courseNotCertification],
      [world.manager, { ...base, courseId: 2_000_000 }, 404, M.courseNotFound],
      [world.manager, { ...base, expiresOn: day(-2) }, 400, M.expiresBeforeIssued],
      [world.manager, { ...base, issuedOn: day(2) }, 400, M.issuedInFuture],
      [world.manager, { ...base, issuedOn: "2026-02-30" }, 400, M.issuedOnInvalid],
      [world.manager, { ...base, title: " " }, 400, M.titleRequired],
      [world.manager, { ...base, issuer: "" }, 400, M.issuerRequired],
      [world.manager, base, 400, M.scanRequired],
    ];
    for (const [api, body, status, error] of cases) {
      expect(refusal(await api.post("/_api/certificates/external", body))).toEqual({ status, error });
    }
    // Another member's scan is not the caller's to use.
    const cooks = await scanKey(world.cook.api);
    const before2 = await rowsOfOrganization(app, world.team.org.id);
    expect(refusal(await world.manager.post("/_api/certificates/external", { ...base, scanKey: cooks }))).toEqual({
      status: 400,
      error: M.scanRequired,
    });
    expect(await rowsOfOrganization(app, world.team.org.id)).toEqual(before2);
    expect(before2.CertificateScan).toBe((before.CertificateScan ?? 0) + 1);
  });

  it("scans are checked by their bytes, whatever type is claimed, and by size", async () => {
    expect(refusal(await uploadScan(world.cook.api, PDF, "image/png"))).toEqual({
      status: 400,
      error: M.scanTypeRefused,
    });
    expect(refusal(await uploadScan(world.cook.api, new TextEncoder().encode("<svg/>"), "image/svg+xml"))).toEqual({
      status: 400,
      error: M.scanTypeRefused,
    });
    const large = new Uint8Array(10 * 1024 * 1024 + 1);
    large.set(PNG);
    expect(refusal(await uploadScan(world.cook.api, large, "image/png"))).toEqual({
      status: 413,
      error: M.scanTooLarge,
    });
    expect((await uploadScan(world.cook.api, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg")).status).toBe(200);
  });
});

describe("another organization", () => {
  it("gets not found from every path, sees none of the records and changes nothing", async () => {
    const submitted = ok<ExternalCertificateView>(
      await world.cook.api.post("/_api/certificates/external", {
        ...CARD,
        title: "Forklift licence",
        issuedOn: day(-5),
        scanKey: await scanKey(world.cook.api),
      }),
    );
    const outsider = world.stranger.admin.api;
    const before = await rowsOfOrganization(app, world.team.org.id);
    const header = { headers: { [ORGANIZATION_HEADER]: String(world.team.org.id) } };
    expect((await outsider.get("/_api/certificates/external-list", {}, header)).status).toBe(404);
    expect((await outsider.get("/_api/certificates/scan", { id: String(submitted.id) }, header)).status).toBe(404);
    expect(
      (await outsider.post("/_api/certificates/review", { id: submitted.id, decision: "approve" }, header)).status,
    ).toBe(404);
    expect((await uploadScan(outsider, PNG, "image/png", header.headers)).status).toBe(404);
    expect(
      (
        await outsider.post(
          "/_api/certificates/external",
          { ...CARD, issuedOn: day(-1), scanKey: "y".repeat(43) },
          header,
        )
      ).status,
    ).toBe(404);
    // In its own organization, the ids of this one name nothing.
    expect(ok<ExternalCertificateView[]>(await outsider.get("/_api/certificates/external-list"))).toEqual([]);
    expect(refusal(await outsider.get("/_api/certificates/scan", { id: String(submitted.id) }))).toEqual({
      status: 404,
      error: M.externalNotFound,
    });
    expect(
      refusal(await outsider.post("/_api/certificates/review", { id: submitted.id, decision: "approve" })),
    ).toEqual({ status: 404, error: M.externalNotFound });
    expect(
      refusal(
        await outsider.post("/_api/certificates/external", {
          ...CARD,
          userId: world.cook.id,
          issuedOn: day(-1),
          scanKey: await scanKey(outsider),
        }),
      ),
    ).toEqual({ status: 404, error: M.memberNotFound });
    expect(await rowsOfOrganization(app, world.team.org.id)).toEqual(before);
    const still = ok<ExternalCertificateView[]>(await world.manager.get("/_api/certificates/external-list"));
    expect(still.find((x) => x.id === submitted.id)?.status).toBe("pending");
  });
});

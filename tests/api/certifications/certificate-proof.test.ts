import { afterEach, describe, expect, it } from "vitest";
import type { CertificateVerification } from "#server/modules/certifications/certificate-verification.js";
import type { CertificateView } from "#server/modules/certifications/certifications.presenter.js";
import { ORGANIZATION_HEADER } from "#shared/constants.js";
import { CERTIFICATE_MESSAGES } from "#shared/schemas/certificates.js";
import { startTestApp } from "../support/app.js";
import { myCertificates, pdfQrText, pdfText } from "../support/certificate-fixtures.js";
import { joinOrg, ok, orgWithMembers, refusal, rowsOfOrganization } from "../support/org-fixtures.js";
import { suiteFixture } from "../support/suite.js";
import { completeLessons, courseWithLessons, myItem } from "../support/training-fixtures.js";

/** A certificate's PDF with its QR code, the public verification page and JSON, and revoking one. */

let frozenNow: number | null = null;
const app = suiteFixture(
  () => startTestApp({ PUBLIC_URL: "https://train.example.com" }, { clock: () => frozenNow ?? Date.now() }),
  (started) => started.close(),
);
afterEach(() => {
  frozenNow = null;
});

const world = suiteFixture(async () => {
  const team = await orgWithMembers(app, { label: "proof", roles: ["manager"], name: "Harbour Bistro" });
  const cook = await joinOrg(app, team, "learner", { label: "cook" });
  const waiter = await joinOrg(app, team, "learner", { label: "waiter" });
  const stranger = await orgWithMembers(app, { label: "other" });
  const { course, lessons } = await courseWithLessons(team.admin.api, {
    title: "Allergen Awareness",
    certification: { validityMonths: 12, recertifyDaysBefore: 30 },
  });
  await completeLessons(cook.api, lessons);
  const certificate = (await myCertificates(cook.api)).find((c) => c.courseId === course.id) as CertificateView;
  return { team, cook, waiter, stranger, course, lessons, certificate };
});

// As every screen and mail writes a day ("Dec 4, 2026", decision 0295), in UTC.
const day = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(date);

const pdfOf = (api = world.cook.api, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  api.get("/_api/certificates/pdf", { id: String(world.certificate.id), ...query }, { headers });

describe("certificates/pdf", () => {
  it("is one page whose text reads back and whose QR code opens the verification page", async () => {
    const response = await pdfOf();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const { text, pages, size } = pdfText(response.bytes);
    expect(pages).toBe(1);
    expect(size).toEqual([595, 842]);
    const words = text.replace(/\s+/g, " ");
    for (const expected of [
      "Harbour Bistro",
      world.cook.name,
      "Allergen Awareness",
      `Issued on ${day(world.certificate.issuedAt)}`,
      `Valid until ${day(world.certificate.expiresAt as Date)}`,
      `Certificate number ${world.certificate.number}`,
    ]) {
      expect(words).toContain(expected);
    }
    const link = `https://train.example.com/verify/${world.certificate.verificationCode}`;
    expect(pdfQrText(response.bytes)).toBe(link);
  });

  it("prints names beyond Latin-1 as written, and pdftotext reads them back (decision 0351)", async () => {
    const team = await orgWithMembers(app, { label: "unicode", name: "Phở Nguyễn Đà Nẵng" });
    const holder = await joinOrg(app, team, "learner", { label: "Łukasz Żółć" });
    const { course, lessons } = await courseWithLessons(team.admin.api, {
      title: "Ασφάλεια τροφίμων · Пожарная безопасность",
      certification: { validityMonths: 12, recertifyDaysBefore: 30 },
    });
    await completeLessons(holder.api, lessons);
    const certificate = (await myCertificates(holder.api)).find((c) => c.courseId === course.id);
    const response = await holder.api.get("/_api/certificates/pdf", { id: String(certificate?.id) });
    expect(response.status).toBe(200);
    const words = pdfText(response.bytes).text.replace(/\s+/g, " ");
    for (const expected of [holder.name, "Phở Nguyễn Đà Nẵng", "Ασφάλεια τροφίμων · Пожарная безопасность"]) {
      expect(words).toContain(expected);
    }
    expect(holder.name).toMatch(/^Łukasz Żółć /);
    // The font is embedded as a subset: the page stays small.
    expect(response.bytes.length).toBeLessThan(120_000);
  });

  it("is Letter for a requester in the United States, A4 elsewhere, or as asked", async () => {
    expect(pdfText((await pdfOf(world.cook.api, {}, { "accept-language": "en-US,en;q=0.9" })).bytes).size).toEqual([
      612, 792,
    ]);
    expect(pdfText((await pdfOf(world.cook.api, {}, { "accept-language": "de-DE" })).bytes).size).toEqual([595, 842]);
    expect(pdfText((await pdfOf(world.cook.api, { paper: "letter" })).bytes).size).toEqual([612, 792]);
  });

  it("is the holder's and management's: another learner and another organization get not found", async () => {
    expect((await pdfOf(world.team.members.manager.api)).status).toBe(200);
    expect(refusal(await pdfOf(world.waiter.api))).toEqual({
      status: 404,
      error: CERTIFICATE_MESSAGES.certificateNotFound,
    });
    expect((await pdfOf(world.stranger.admin.api)).status).toBe(404);
    const header = { [ORGANIZATION_HEADER]: String(world.team.org.id) };
    expect((await pdfOf(world.stranger.admin.api, {}, header)).status).toBe(404);
  });
});

const verifyJson = (code: string) => app.newAgent().get("/_api/certificates/verify", { code });
const verifyPage = (code: string) => app.newAgent().get(`/verify/${code}`);

describe("verification", () => {
  it("answers anyone, signed out, with the status, name, course, organization and dates only", async () => {
    const response = await verifyJson(world.certificate.verificationCode);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(ok<CertificateVerification>(response)).toEqual({
      status: "valid",
      holderName: world.cook.name,
      title: "Allergen Awareness",
      organizationName: "Harbour Bistro",
      issuedAt: world.certificate.issuedAt,
      expiresAt: world.certificate.expiresAt,
      revokedAt: null,
    });
    const page = await verifyPage(world.certificate.verificationCode);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.text).toContain(`Valid until ${day(world.certificate.expiresAt as Date)}`);
    for (const shown of [world.cook.name, "Allergen Awareness", "Harbour Bistro"]) expect(page.text).toContain(shown);
    for (const hidden of [world.cook.email, world.certificate.number]) expect(page.text).not.toContain(hidden);
  });

  it("says expired after the expiry day; unknown and malformed codes are not found", async () => {
    frozenNow = (world.certificate.expiresAt as Date).getTime() + 1;
    expect(ok<CertificateVerification>(await verifyJson(world.certificate.verificationCode)).status).toBe("expired");
    expect((await verifyPage(world.certificate.verificationCode)).text).toContain(
      `Expired on ${day(world.certificate.expiresAt as Date)}`,
    );
    frozenNow = null;
    const unknown = "A".repeat(24);
    expect(refusal(await verifyJson(unknown))).toEqual({ status: 404, error: CERTIFICATE_MESSAGES.codeInvalid });
    expect((await verifyPage(unknown)).status).toBe(404);
    expect(refusal(await verifyJson("short"))).toEqual({ status: 400, error: CERTIFICATE_MESSAGES.codeInvalid });
    const malformed = await verifyPage("..%2F..%2Fetc");
    expect(malformed.status).toBe(404);
    expect(malformed.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});

describe("certificates/revoke", () => {
  it("only an admin revokes, with a reason; another organization's admin gets not found and changes nothing", async () => {
    const body = { id: world.certificate.id, reason: "Card found forged" };
    expect((await world.team.members.manager.api.post("/_api/certificates/revoke", body)).status).toBe(403);
    expect(refusal(await world.team.admin.api.post("/_api/certificates/revoke", { ...body, reason: " " }))).toEqual({
      status: 400,
      error: CERTIFICATE_MESSAGES.reasonRequired,
    });
    const before = await rowsOfOrganization(app, world.team.org.id);
    const header = { headers: { [ORGANIZATION_HEADER]: String(world.team.org.id) } };
    expect((await world.stranger.admin.api.post("/_api/certificates/revoke", body, header)).status).toBe(404);
    expect((await world.stranger.admin.api.post("/_api/certificates/revoke", body)).status).toBe(404);
    expect(await rowsOfOrganization(app, world.team.org.id)).toEqual(before);
    expect(ok<CertificateVerification>(await verifyJson(world.certificate.verificationCode)).status).toBe("valid");
  });

  it("makes the page say revoked, puts the course back in the holder's training, and a new completion issues the next", async () => {
    const revoked = ok<CertificateView>(
      await world.team.admin.api.post("/_api/certificates/revoke", {
        id: world.certificate.id,
        reason: "Card found forged",
      }),
    );
    expect(revoked).toMatchObject({ status: "revoked", revokedReason: "Card found forged" });
    const answer = ok<CertificateVerification>(await verifyJson(world.certificate.verificationCode));
    expect(answer.status).toBe("revoked");
    expect(JSON.stringify(answer)).not.toContain("forged");
    expect((await verifyPage(world.certificate.verificationCode)).text).toContain("Revoked on");
    expect(
      refusal(await world.team.admin.api.post("/_api/certificates/revoke", { id: world.certificate.id, reason: "x" })),
    ).toEqual({ status: 409, error: CERTIFICATE_MESSAGES.alreadyRevoked });

    // Progress starts over; the completions that earned it stay with it.
    expect((await myItem(world.cook.api, world.course.id))?.status).toBe("not_started");
    await completeLessons(world.cook.api, world.lessons);
    const mine = (await myCertificates(world.cook.api)).filter((c) => c.courseId === world.course.id);
    expect(mine.map((c) => [c.cycle, c.status])).toEqual([
      [2, "valid"],
      [1, "revoked"],
    ]);
  });
});

describe("verification's rate limit", () => {
  const limited = suiteFixture(
    () => startTestApp({ RATE_LIMIT_PER_IP: "3" }),
    (started) => started.close(),
  );

  it("refuses an address past its limit, page and JSON alike", async () => {
    const code = "B".repeat(24);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await limited.api.get("/_api/certificates/verify", { code })).status).toBe(404);
    }
    expect((await limited.api.get("/_api/certificates/verify", { code })).status).toBe(429);
    expect((await limited.api.get(`/verify/${code}`)).status).toBe(429);
  });
});

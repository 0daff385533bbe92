import { describe, expect, it } from "vitest";
import {
  certificateStatus,
  expiryOf,
  newVerificationCode,
  passesListFilter,
  renewalOpensAt,
} from "#server/modules/certifications/certifications.rules.js";
import { DAY_MS } from "#shared/constants.js";

/** The certificates' dates and statuses (docs/decisions/0310-certificates-derived-from-completion.md). */

const at = (iso: string) => new Date(iso);

describe("expiryOf", () => {
  it("ends the same calendar day N months later (UTC); a missing day is the month's last", () => {
    expect(expiryOf(at("2026-03-10T10:00:00Z"), 12)).toEqual(at("2027-03-10T23:59:59.999Z"));
    expect(expiryOf(at("2026-01-31T08:00:00Z"), 1)).toEqual(at("2026-02-28T23:59:59.999Z"));
    expect(expiryOf(at("2027-12-31T23:00:00Z"), 2)).toEqual(at("2028-02-29T23:59:59.999Z"));
    expect(expiryOf(at("2026-11-15T00:00:00Z"), 24)).toEqual(at("2028-11-15T23:59:59.999Z"));
    expect(expiryOf(at("2026-11-15T00:00:00Z"), null)).toBeNull();
  });
});

describe("certificateStatus", () => {
  const issued = { issuedAt: at("2026-03-10T10:00:00Z"), expiresAt: at("2027-03-10T23:59:59.999Z"), revokedAt: null };

  it("is valid, then expiring within the window, then expired after the expiry day", () => {
    expect(certificateStatus(issued, 30, at("2027-02-08T23:59:59.998Z"))).toBe("valid");
    expect(certificateStatus(issued, 30, renewalOpensAt(issued.expiresAt, 30))).toBe("expiring");
    expect(certificateStatus(issued, 30, at("2027-03-10T23:59:59.999Z"))).toBe("expiring");
    expect(certificateStatus(issued, 30, at("2027-03-11T00:00:00Z"))).toBe("expired");
    expect(certificateStatus(issued, 7, at("2027-02-20T00:00:00Z"))).toBe("valid");
  });

  it("is revoked whatever the dates; never expires without an expiry", () => {
    expect(
      certificateStatus({ ...issued, revokedAt: at("2026-04-01T00:00:00Z") }, 30, at("2026-05-01T00:00:00Z")),
    ).toBe("revoked");
    expect(certificateStatus({ ...issued, expiresAt: null }, 30, at("2099-01-01T00:00:00Z"))).toBe("valid");
  });
});

describe("passesListFilter", () => {
  const now = at("2027-01-01T00:00:00Z");
  const expiring = (days: number) => ({ expiresAt: new Date(now.getTime() + days * DAY_MS), status: "valid" as const });

  it("keeps what expires within the days asked, never what expired or was revoked", () => {
    expect(passesListFilter({ withinDays: 30 }, expiring(29), undefined, now)).toBe(true);
    expect(passesListFilter({ withinDays: 30 }, expiring(31), undefined, now)).toBe(false);
    expect(passesListFilter({ withinDays: 30 }, { ...expiring(-1), status: "expired" }, undefined, now)).toBe(false);
    expect(passesListFilter({ withinDays: 30 }, { ...expiring(5), status: "revoked" }, undefined, now)).toBe(false);
    expect(passesListFilter({ withinDays: 30 }, { expiresAt: null, status: "valid" }, undefined, now)).toBe(false);
  });

  it("filters by status and by a tag the holder reaches", () => {
    expect(passesListFilter({ status: "expired" }, expiring(5), undefined, now)).toBe(false);
    expect(passesListFilter({ tagId: 3 }, expiring(5), new Set([3, 9]), now)).toBe(true);
    expect(passesListFilter({ tagId: 3 }, expiring(5), undefined, now)).toBe(false);
  });
});

describe("newVerificationCode", () => {
  it("is 144 random bits in base64url, different every time", () => {
    const codes = new Set(Array.from({ length: 1000 }, newVerificationCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(Buffer.from(code, "base64url")).toHaveLength(18);
  });
});

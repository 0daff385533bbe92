import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Course, Lesson } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";

/**
 * A certificate as issued (docs/decisions/0310-certificates-derived-from-completion.md): made the first
 * time it is needed from the holder's completion of a certification course, one row per holder, course
 * and cycle (the unique key makes two requests materializing it at once insert it once). Its name, holder
 * and dates are kept as issued, so the proof reads the same after a rename, and it outlives its course
 * and its holder's account.
 */
export class Certificate {
  [OptionalProps]?: "createdAt" | "renewalOpenedAt" | "revokedAt" | "revokedReason" | "expiresAt" | "courseVersion";
  id!: number;
  organization!: Organization;
  /** Null once the account is gone; `holderName` keeps who it was. */
  user!: User | null;
  /** Null once the course is deleted; `title` keeps what it was for. */
  course!: Course | null;
  /** 1 for the first certificate of a holder and course, one more for each recertification. */
  cycle!: number;
  /** Printed on the certificate; unique in the organization. */
  number!: string;
  /** The secret of its verification page (≥ 128 random bits, base64url). */
  verificationCode!: string;
  title!: string;
  holderName!: string;
  /** The course's edit version when it was completed. */
  courseVersion: number | null = null;
  issuedAt!: Date;
  /** Null: valid for good. */
  expiresAt: Date | null = null;
  /**
   * When the next cycle opened (recertification window, or a revocation): the completions that earned
   * this certificate moved to certificate_completions, so the course's progress starts over.
   */
  renewalOpenedAt: Date | null = null;
  revokedAt: Date | null = null;
  revokedReason: string | null = null;
  createdAt: Date = new Date();
}

export const CertificateSchema = new EntitySchema<Certificate>({
  class: Certificate,
  tableName: "certificates",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    user: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null", index: "certificates_user_idx" },
    course: { kind: "m:1", entity: "Course", nullable: true, deleteRule: "set null", index: false },
    cycle: { type: "integer" },
    number: { type: "string", length: 40 },
    verificationCode: { type: "string", length: 43 },
    title: { type: "string", length: 255 },
    holderName: { type: "string", length: 255 },
    courseVersion: { type: "integer", nullable: true },
    issuedAt: { type: "datetime" },
    expiresAt: { type: "datetime", nullable: true },
    renewalOpenedAt: { type: "datetime", nullable: true },
    revokedAt: { type: "datetime", nullable: true },
    revokedReason: { type: "text", nullable: true },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [
    // The conflict target of materializing: one certificate per course, holder and cycle.
    { name: "certificates_course_user_cycle_unique", properties: ["course", "user", "cycle"] },
    { name: "certificates_code_unique", properties: ["verificationCode"] },
    { name: "certificates_org_number_unique", properties: ["organization", "number"] },
  ],
  // The organization's list by expiry (the certifications view, the reminders).
  indexes: [{ name: "certificates_org_expires_idx", properties: ["organization", "expiresAt"] }],
});

/** A completion that earned a certificate, moved here when the next cycle opened: nothing is lost. */
export class CertificateCompletion {
  id!: number;
  organization!: Organization;
  certificate!: Certificate;
  /** Null once the lesson is deleted. */
  lesson!: Lesson | null;
  completedAt!: Date;
}

export const CertificateCompletionSchema = new EntitySchema<CertificateCompletion>({
  class: CertificateCompletion,
  tableName: "certificate_completions",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    certificate: { kind: "m:1", entity: () => Certificate, deleteRule: "cascade", index: false },
    lesson: { kind: "m:1", entity: "Lesson", nullable: true, deleteRule: "set null", index: false },
    completedAt: { type: "datetime" },
  },
  uniques: [{ name: "certificate_completions_unique", properties: ["certificate", "lesson"] }],
  indexes: [{ name: "certificate_completions_org_idx", properties: ["organization", "certificate"] }],
});

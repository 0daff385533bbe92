import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Course } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { ExternalStatus, ScanType } from "#shared/schemas/external-certificates.js";
import type { Certificate } from "./certificate.entity.js";

/**
 * The scan of a certificate earned elsewhere (docs/decisions/0350-external-certificates.md), uploaded
 * before the record that names it by its key; its bytes live in the database like lesson images.
 */
export class CertificateScan {
  [OptionalProps]?: "createdAt" | "uploadedBy";
  id!: number;
  organization!: Organization;
  /** Unguessable; the record names the scan by it. */
  key!: string;
  contentType!: ScanType;
  bytes!: Buffer;
  size!: number;
  /** Null once that person's account is gone. */
  uploadedBy: User | null = null;
  createdAt: Date = new Date();
}

export const CertificateScanSchema = new EntitySchema<CertificateScan>({
  class: CertificateScan,
  tableName: "certificate_scans",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    key: { type: "string", length: 64, unique: "certificate_scans_key_unique" },
    contentType: { type: "string", length: 40 },
    // A Buffer: BLOB on SQLite, BYTEA on PostgreSQL.
    bytes: { type: "blob", lazy: true },
    size: { type: "integer" },
    uploadedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null", index: false },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  indexes: [{ name: "certificate_scans_org_idx", properties: ["organization", "createdAt"] }],
});

/**
 * A certificate earned elsewhere, as recorded: pending until an admin or manager approves it (one they
 * record themselves is approved at once). Approving issues its row in `certificates`, so lists, statuses,
 * recertification and reminders treat it as one issued here.
 */
export class ExternalCertificate {
  [OptionalProps]?: "createdAt" | "reviewedAt" | "reviewedBy" | "reviewNote" | "certificate" | "course" | "expiresOn";
  id!: number;
  organization!: Organization;
  /** The holder; null once their account is gone (`holderName` keeps who it was). */
  user!: User | null;
  holderName!: string;
  title!: string;
  issuer!: string;
  /** The issuer's number ("" when the card has none). */
  number!: string;
  /** Calendar days, YYYY-MM-DD, as the card says. */
  issuedOn!: string;
  expiresOn: string | null = null;
  /** The certification course it fulfils. */
  course: Course | null = null;
  scan!: CertificateScan;
  status!: ExternalStatus;
  /** Null once that person's account is gone. */
  submittedBy!: User | null;
  reviewedBy: User | null = null;
  reviewedAt: Date | null = null;
  /** Why it was rejected. */
  reviewNote: string | null = null;
  /** The certificate its approval issued. */
  certificate: Certificate | null = null;
  createdAt: Date = new Date();
}

export const ExternalCertificateSchema = new EntitySchema<ExternalCertificate>({
  class: ExternalCertificate,
  tableName: "external_certificates",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade", index: false },
    user: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null", index: false },
    holderName: { type: "string", length: 255 },
    title: { type: "string", length: 255 },
    issuer: { type: "string", length: 255 },
    number: { type: "string", length: 100 },
    issuedOn: { type: "string", length: 10 },
    expiresOn: { type: "string", length: 10, nullable: true },
    course: { kind: "m:1", entity: "Course", nullable: true, deleteRule: "set null", index: false },
    scan: { kind: "m:1", entity: () => CertificateScan, deleteRule: "cascade", index: false },
    status: { type: "string", length: 20 },
    submittedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null", index: false },
    reviewedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null", index: false },
    reviewedAt: { type: "datetime", nullable: true },
    reviewNote: { type: "text", nullable: true },
    certificate: { kind: "m:1", entity: "Certificate", nullable: true, deleteRule: "set null", index: false },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [
    // One record per scan: a scan names the record it was uploaded for.
    { name: "external_certificates_scan_unique", properties: ["scan"] },
    { name: "external_certificates_certificate_unique", properties: ["certificate"] },
  ],
  indexes: [
    { name: "external_certificates_org_status_idx", properties: ["organization", "status"] },
    { name: "external_certificates_org_user_idx", properties: ["organization", "user"] },
  ],
});

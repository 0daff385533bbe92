import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { Lesson } from "#server/modules/courses/index.js";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { ScormVersion } from "#shared/schemas/scorm.js";

/**
 * A SCORM lesson's package (docs/decisions/0330-scorm-packages-in-the-database.md): at most one per lesson,
 * its files beside it in the database, both gone with the lesson. A new upload replaces the files and
 * counts `version` up; learners' attempts name the version they played.
 */
export class ScormPackage {
  [OptionalProps]?: "version" | "createdAt" | "uploadedBy";
  id!: number;
  organization!: Organization;
  lesson!: Lesson;
  /** 1 for the first upload, one more for each that replaced it. */
  version = 1;
  scormVersion!: ScormVersion;
  title!: string;
  /** The SCOs in play order as JSON: `ScoEntry[]` (manifest.rules.ts). */
  scos!: string;
  /** The unpacked files' bytes together. */
  size!: number;
  uploadedBy: User | null = null;
  createdAt: Date = new Date();
}

export const ScormPackageSchema = new EntitySchema<ScormPackage>({
  class: ScormPackage,
  tableName: "scorm_packages",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    lesson: { kind: "m:1", entity: "Lesson", deleteRule: "cascade", unique: "scorm_packages_lesson_unique" },
    version: { type: "integer", default: 1 },
    scormVersion: { type: "string", length: 10 },
    title: { type: "string", length: 255 },
    scos: { type: "text" },
    size: { type: "integer" },
    uploadedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
});

/** One file of a package, served to its launches by path (scorm-files.ts). */
export class ScormFile {
  id!: number;
  organization!: Organization;
  package!: ScormPackage;
  path!: string;
  contentType!: string;
  bytes!: Buffer;
}

export const ScormFileSchema = new EntitySchema<ScormFile>({
  class: ScormFile,
  tableName: "scorm_files",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    package: { kind: "m:1", entity: () => ScormPackage, deleteRule: "cascade" },
    path: { type: "string", length: 1024 },
    contentType: { type: "string", length: 100 },
    // A Buffer: BLOB on SQLite, BYTEA on PostgreSQL.
    bytes: { type: "blob", lazy: true },
  },
  uniques: [{ name: "scorm_files_package_path_unique", properties: ["package", "path"] }],
});

/**
 * One learner's run of one SCO of one package version: the runtime's data as the last commit left it
 * (restored right after Initialize on the next launch, on any device), and what it says.
 */
export class ScormAttempt {
  [OptionalProps]?:
    | "completed"
    | "passed"
    | "scoreRaw"
    | "scoreScaled"
    | "totalSeconds"
    | "sessionSeconds"
    | "updatedAt";
  id!: number;
  organization!: Organization;
  lesson!: Lesson;
  user!: User;
  packageVersion!: number;
  sco!: string;
  /** The CMI data model as scorm-again's JSON (`cmi` of its commit's runtime data). */
  runtime!: string;
  completed = false;
  /** Null: the SCO states no success (1.2 "completed", 2004 without success_status). */
  passed: boolean | null = null;
  scoreRaw: number | null = null;
  scoreScaled: number | null = null;
  /** The sessions before the current one, in seconds. */
  totalSeconds = 0;
  /** The current session's time as its last commit reported it (a smaller one starts a new session). */
  sessionSeconds = 0;
  updatedAt: Date = new Date();
}

export const ScormAttemptSchema = new EntitySchema<ScormAttempt>({
  class: ScormAttempt,
  tableName: "scorm_attempts",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    lesson: { kind: "m:1", entity: "Lesson", deleteRule: "cascade" },
    user: { kind: "m:1", entity: "User", deleteRule: "cascade" },
    packageVersion: { type: "integer" },
    sco: { type: "string", length: 255 },
    runtime: { type: "text" },
    completed: { type: "boolean", default: false },
    passed: { type: "boolean", nullable: true },
    scoreRaw: { type: "double", nullable: true },
    scoreScaled: { type: "double", nullable: true },
    totalSeconds: { type: "integer", default: 0 },
    sessionSeconds: { type: "integer", default: 0 },
    updatedAt: { type: "datetime", onCreate: () => new Date() },
  },
  uniques: [
    {
      name: "scorm_attempts_learner_unique",
      properties: ["organization", "lesson", "user", "packageVersion", "sco"],
    },
  ],
});

import { EntitySchema, OptionalProps } from "@mikro-orm/core";
import type { User } from "#server/modules/identity/index.js";
import type { Organization } from "#server/modules/organizations/index.js";
import type { ImageType } from "#shared/schemas/uploads.js";
import type { Course } from "./course.entity.js";

/**
 * An image uploaded into a lesson of a course (decision 0052). The bytes live in the database, so every
 * instance of the app serves them and a backup holds them; they go with their course and organization.
 */
export class CourseImage {
  [OptionalProps]?: "createdAt" | "uploadedBy";
  id!: number;
  organization!: Organization;
  course!: Course;
  /** The unguessable last part of its address (shared/schemas/uploads.ts, imageUrlOf). */
  key!: string;
  contentType!: ImageType;
  bytes!: Buffer;
  /** How many bytes `bytes` holds, kept beside them so an organization's storage is summed without reading them. */
  size!: number;
  /** Null once that person's account is gone; the image stays with its lesson. */
  uploadedBy: User | null = null;
  createdAt: Date = new Date();
}

export const CourseImageSchema = new EntitySchema<CourseImage>({
  class: CourseImage,
  tableName: "course_images",
  properties: {
    id: { type: "integer", primary: true, autoincrement: true },
    organization: { kind: "m:1", entity: "Organization", deleteRule: "cascade" },
    course: { kind: "m:1", entity: "Course", deleteRule: "cascade", index: "course_images_course_idx" },
    key: { type: "string", length: 64, unique: "course_images_key_unique" },
    contentType: { type: "string", length: 20 },
    // A Buffer: BLOB on SQLite, BYTEA on PostgreSQL.
    bytes: { type: "blob", lazy: true },
    size: { type: "integer", default: 0 },
    uploadedBy: { kind: "m:1", entity: "User", nullable: true, deleteRule: "set null" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
  },
});

import { z } from "zod";
import { lessonIdField } from "./courses.js";

/**
 * SCORM lessons (docs/decisions/0330-scorm-packages-in-the-database.md): a package ZIP uploaded as raw
 * bytes to `POST /_api/scorm/upload?lessonId=N`, read and stored by the server, played in the lesson page.
 */

/** The most bytes a package's ZIP may have as uploaded. */
export const SCORM_ZIP_MAX_BYTES = 200 * 1024 * 1024;
/** The most bytes its files may have once unpacked, and the most files: past either it is refused whole. */
export const SCORM_UNPACKED_MAX_BYTES = 250 * 1024 * 1024;
export const SCORM_FILES_MAX = 10_000;

export const SCORM_ZIP_TYPES = ["application/zip", "application/x-zip-compressed"] as const;

export type ScormVersion = "1.2" | "2004";

export const SCORM_MESSAGES = {
  typeRefused: "Upload the SCORM package as a ZIP file (application/zip).",
  tooLarge: "SCORM packages can be at most 200 MB.",
  notZip: "This file is not a ZIP archive that can be read. Export the SCORM package again and upload it.",
  noManifest: "This ZIP has no imsmanifest.xml at its top level, so it is not a SCORM package.",
  badManifest: "The package's imsmanifest.xml could not be read as a SCORM 1.2 or 2004 manifest.",
  noLaunchable: "The package names no launchable SCO (a resource with an href that is in the package).",
  unsafePath:
    "The package holds a file whose name leaves the package (../, an absolute path or a backslash); it was refused.",
  tooManyFiles: "The package holds more than 10,000 files; it was refused.",
  unpackedTooLarge: "The package unpacks to more than 250 MB; it was refused.",
  sizeMismatch: "The package's files unpack to other sizes than its ZIP directory states; it was refused.",
  unsupportedCompression: "The package uses a ZIP compression other than stored or deflate; export it again.",
  packageNotFound: "SCORM package not found.",
} as const;

const M = SCORM_MESSAGES;

/** What the upload procedure takes: the lesson from the query string, the type and the raw body. */
export const uploadScormInput = z.object(
  {
    lessonId: lessonIdField,
    contentType: z.enum(SCORM_ZIP_TYPES, { error: M.typeRefused }),
    bytes: z.instanceof(Uint8Array, { error: M.notZip }).refine((bytes) => bytes.length > 0, M.notZip),
  },
  { error: M.typeRefused },
);

/** What the upload answers (the API: version, title and how many SCOs the package plays). */
export interface ScormPackageView {
  version: ScormVersion;
  title: string;
  scoCount: number;
}

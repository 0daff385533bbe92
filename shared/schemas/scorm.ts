import { z } from "zod";
import { API_PREFIX } from "../constants.js";
import { offlineActionFields } from "./client-actions.js";
import { lessonIdField } from "./courses.js";
import { megabytes } from "./uploads.js";

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
  commitInvalid: "The SCORM runtime's data could not be read.",
  completeByPlaying:
    "This lesson plays a SCORM course: finish the course in the lesson to complete it; it cannot be marked as complete.",
  packageReplaced: "This lesson's package was replaced; open the lesson again to play the new one.",
} as const;

const M = SCORM_MESSAGES;

/** The organization's packages against its limit (scorm/storage), as the lesson editor shows it. */
export interface ScormStorageView {
  usedBytes: number;
  limitBytes: number;
}

/** The refusal of a package that does not fit: the limit, what is used, and what the package needs. */
export function scormStorageFullMessage(storage: ScormStorageView, packageBytes: number): string {
  return (
    `Your organization's SCORM packages may take ${megabytes(storage.limitBytes)} together, and ` +
    `${megabytes(storage.usedBytes)} is used; this package needs ${megabytes(packageBytes)}. ` +
    "Delete SCORM lessons you no longer need to make room."
  );
}

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

/** Where the lesson page asks for a SCORM lesson's launch (lessons/get names it, docs/decisions/0333). */
export function scormLaunchPathOf(lessonId: number): string {
  return `${API_PREFIX}/scorm/launch?lessonId=${lessonId}`;
}

/** A package file's address: the launch token, then the file's path in the package (relative URLs keep working). */
export const SCORM_FILES_PREFIX = `${API_PREFIX}/scorm/files/`;
/** The runtime's frame half (scorm-again's CrossFrameAPI), loaded by every page of a package. */
export const SCORM_FRAME_API_PATH = `${API_PREFIX}/scorm/frame-api.js`;

export const scormLessonInput = z.object({ lessonId: lessonIdField }, { error: M.packageNotFound });

/** The CMI elements a commit may carry at most (a SCO with many interactions and objectives stays far below). */
const CMI_ELEMENTS_MAX = 2000;

/**
 * A commit: the lesson, the SCO, the package version it was launched from, and the flattened CMI data;
 * sent from the device's queue (docs/decisions/0361), with its clientId and when it was made.
 */
export const scormCommitInput = z.object(
  {
    lessonId: lessonIdField,
    ...offlineActionFields,
    sco: z.string({ error: M.commitInvalid }).min(1, M.commitInvalid).max(255, M.commitInvalid),
    packageVersion: z.number({ error: M.commitInvalid }).int(M.commitInvalid).min(1, M.commitInvalid),
    cmi: z
      .record(
        z.string().max(255),
        // Elements the SCO never set come as null or as empty objects and lists: kept as empty values.
        z
          .unknown()
          .transform((value) =>
            typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : "",
          ),
        {
          error: M.commitInvalid,
        },
      )
      .refine((cmi) => Object.keys(cmi).length <= CMI_ELEMENTS_MAX, M.commitInvalid),
  },
  { error: M.commitInvalid },
);

/** One SCO of a launch: its frame's address carries the launch token. */
export interface ScormLaunchSco {
  identifier: string;
  title: string;
  url: string;
  completed: boolean;
  /** What the runtime loads before Initialize (resume), flattened. */
  resume: Record<string, string>;
}

/** scorm/launch: what the lesson page needs to run the package. */
export interface ScormLaunchView {
  version: ScormVersion;
  title: string;
  packageVersion: number;
  scos: ScormLaunchSco[];
}

/** scorm/commit: what the runtime is told (scorm-again's result shape), and whether the lesson is now complete. */
export interface ScormCommitView {
  result: true;
  errorCode: 0;
  lessonCompleted: boolean;
}

/** The signoff module's public face: the only file of it that other modules and the app may import. */

export { recordCopiedSignoffVersions } from "./signoff-copy.js";
export type { SignoffScope } from "./signoffs.js";
export { recordedChangeOf, recordLessonVersion, signoffSnapshot, signoffStatusOf } from "./signoffs.js";

/** The training module's public face: the only file of it that other modules and the app may import. */

export { trainingCourseViewParts } from "./course-view-parts.js";
export type { BatchKind } from "./mail-batches.js";
export { dailyPeriodOf, mailBatchKinds, runDueBatches } from "./mail-batches.js";
export type { CourseCertification, MyTrainingParts } from "./my-training-parts.js";
export { myTrainingParts } from "./my-training-parts.js";
export type { BatchContext } from "./reminders.mail.js";
export { optedOut, unsubscribeBlock } from "./reminders.mail.js";
export type { TrainingCourse } from "./training.data.js";
export { assignmentTimes, audienceMembers, courseAudiences, progressFrom } from "./training.data.js";
export { hasAnyTag, joinedAudienceAt, trainingStatus } from "./training.rules.js";
export type { ProgressCell, TrainingRows } from "./training-cells.js";
export { cellsOf, loadTrainingRows, visitCells } from "./training-cells.js";
export { coursesByIds, publishedCourses } from "./training-reads.data.js";

/** The training module's public face: the only file of it that other modules and the app may import. */
export { runDueBatches } from "./mail-batches.js";
export type { MemberRecord, MemberRow, TrainingCourse } from "./training.data.js";
export {
  assignmentTimes,
  audienceMembers,
  audienceOf,
  courseAudiences,
  memberRows,
  progressFrom,
} from "./training.data.js";
export { viewerDeadlines } from "./training.presenter.js";
export { hasAnyTag, joinedAudienceAt, trainingStatus, viewerRow } from "./training.rules.js";
export type { ProgressCell, TrainingRows } from "./training-cells.js";
export { cellsOf, loadTrainingRows, visitCells } from "./training-cells.js";
export { countOwnTags, coursesByIds, memberAudience, publishedCourses } from "./training-reads.data.js";

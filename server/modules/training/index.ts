/** The training module's public face: the only file of it that other modules and the app may import. */
export { runDueBatches } from "./mail-batches.js";
export type { TrainingCourse } from "./training.data.js";
export {
  assignmentTimes,
  audienceMembers,
  audienceOf,
  courseAudiences,
  progressFrom,
} from "./training.data.js";
export { viewerDeadlines } from "./training.presenter.js";
export { hasAnyTag, joinedAudienceAt, trainingStatus, viewerRow } from "./training.rules.js";
export type { ProgressCell, TrainingRows } from "./training-cells.js";
export { cellsOf, loadTrainingRows, visitCells } from "./training-cells.js";
export { coursesByIds, memberAudience, publishedCourses } from "./training-reads.data.js";

/**
 * Where a member stands with a course, apart from the schemas that validate it: the reports route reads
 * it in its `validateSearch`, which is in the app's first chunk, and that must not carry the validation
 * library (decision 0065).
 */

/** "overdue" wins over in progress and not started once the deadline passed. */
export const TRAINING_STATUSES = ["not_started", "in_progress", "completed", "overdue"] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];

export const TRAINING_STATUS_LABELS: Record<TrainingStatus, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  completed: "Completed",
  overdue: "Overdue",
};

/** Where one member stands with one course: what the reports send for each cell and row. */
export interface ProgressFacts {
  status: TrainingStatus;
  percent: number;
  completedLessons: number;
  totalLessons: number;
  completedAt: Date | null;
  dueAt: Date | null;
}

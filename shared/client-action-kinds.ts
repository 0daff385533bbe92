/** The kinds of action a device may queue; a new kind is added here (and to the client's SENDERS). */
export const CLIENT_ACTION_KINDS = {
  lessonComplete: "lesson.complete",
  lessonSign: "lesson.sign",
  quizSubmit: "quiz.submit",
  scormCommit: "scorm.commit",
} as const;
export type ClientActionKind = (typeof CLIENT_ACTION_KINDS)[keyof typeof CLIENT_ACTION_KINDS];

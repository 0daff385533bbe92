/**
 * The kinds of training event an organization's evidence log records (docs/decisions/0300-evidence-log.md),
 * with the label the audit trail screen shows. Later modules (certificates, document control) add theirs here.
 */
export const EVIDENCE_KIND_LABELS = {
  "lesson.completed": "Lesson completed",
  "check.passed": "Check passed",
  "check.failed": "Check failed",
  "lesson.signed": "Lesson signed",
  "course.published": "Course published",
  "course.unpublished": "Course back to draft",
  "revision.approved": "Revision approved",
  "assignment.made": "Assignment made",
  "assignment.removed": "Assignment removed",
  "member.joined": "Member joined",
  "member.removed": "Member removed",
  "member.accessChanged": "Member access changed",
  "course.completed": "Course completed",
} as const;

export type EvidenceKind = keyof typeof EVIDENCE_KIND_LABELS;

export const EVIDENCE_KINDS = Object.keys(EVIDENCE_KIND_LABELS) as [EvidenceKind, ...EvidenceKind[]];

/** A fact of an event: what the entry's `facts` object holds, by name. */
export type EvidenceFact = string | number | boolean | null;

/** How many entries one page of the audit trail holds. */
export const EVIDENCE_PAGE_SIZE = 50;

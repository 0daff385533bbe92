import type { SignoffChange, SignoffStatus } from "#shared/schemas/signoffs.js";
import type { LessonVersion, Signature } from "./signoff.entity.js";
import type { LessonSignoffRows, MySignoffRows } from "./signoff-standing.data.js";
import { signoffStatusOf } from "./signoffs.js";

/** A line of a lesson's version history (lessons/versions). */
export interface LessonVersionSummaryView {
  version: number;
  change: SignoffChange;
  summary: string | null;
  authorName: string;
  createdAt: Date;
  title: string;
  contentHash: string;
}

/** One version with its text, and the one before it to compare with (lessons/version). */
export interface LessonVersionView extends LessonVersionSummaryView {
  content: string | null;
  previous: { version: number; title: string; content: string | null } | null;
}

export function presentVersionSummary(row: LessonVersion): LessonVersionSummaryView {
  return {
    version: row.version,
    change: row.change,
    summary: row.summary,
    authorName: row.authorName,
    createdAt: row.createdAt,
    title: row.title,
    contentHash: row.contentHash,
  };
}

export function presentVersion(row: LessonVersion, previous: LessonVersion | null): LessonVersionView {
  return {
    ...presentVersionSummary(row),
    content: row.content,
    previous: previous && { version: previous.version, title: previous.title, content: previous.content },
  };
}

/** lessons/sign: what was recorded. */
export interface SignatureView {
  lessonId: number;
  version: number;
  contentHash: string;
  signedName: string;
  signedAt: Date;
}

export function presentSignature(row: Signature, lessonId: number): SignatureView {
  return {
    lessonId,
    version: row.version,
    contentHash: row.contentHash,
    signedName: row.signedName,
    signedAt: row.signedAt,
  };
}

/**
 * lessons/signoff: the caller's standing with one lesson. `signedText` is the text they signed, given
 * when it is outdated, so the page can show what changed since.
 */
export interface LessonSignoffView {
  lessonId: number;
  requiresSignoff: boolean;
  version: number;
  status: SignoffStatus;
  signedVersion: number | null;
  signedAt: Date | null;
  signedText: { version: number; title: string; content: string | null } | null;
  /** The summaries of the material changes since the signed version, oldest first. */
  changesSince: { version: number; summary: string | null; createdAt: Date }[];
}

/** signoffs/mine: one sign-off lesson of a published course, as the caller stands with it. */
export interface MySignoffView {
  lessonId: number;
  lessonTitle: string;
  courseId: number;
  courseTitle: string;
  status: SignoffStatus;
  signedVersion: number | null;
}

/** reports/signoffs: a member's standing with one lesson. */
export interface SignoffMemberView {
  userId: number;
  name: string;
  email: string;
  status: SignoffStatus;
  signedVersion: number | null;
  signedAt: Date | null;
}

/** reports/signoffs: one signature as the audit trail keeps it. */
export interface SignatureRecordView {
  lessonId: number | null;
  lessonTitle: string;
  userId: number | null;
  signedName: string;
  email: string;
  version: number;
  contentHash: string;
  signedAt: Date;
  clientAddress: string;
  userAgent: string;
  current: boolean;
}

export interface SignoffReport {
  /** Null for the organization-wide export (no lessonId). */
  lesson: { id: number; title: string; courseId: number; courseTitle: string; version: number } | null;
  /** The course audience's members and anyone who signed, with their standing (one lesson only). */
  members: SignoffMemberView[];
  /** Every signature, newest first. */
  signatures: SignatureRecordView[];
}

export function presentSignatureRecord(row: Signature, current: boolean): SignatureRecordView {
  return {
    lessonId: row.lesson?.id ?? null,
    lessonTitle: row.lessonVersion.title,
    userId: row.user?.id ?? null,
    signedName: row.signedName,
    email: row.email,
    version: row.version,
    contentHash: row.contentHash,
    signedAt: row.signedAt,
    clientAddress: row.clientAddress,
    userAgent: row.userAgent,
    current,
  };
}

/** lessons/signoff: the caller's standing with one lesson; with the text they signed when a material change outdated it. */
export function presentLessonSignoff({
  lesson,
  material,
  signature,
  signedText,
  changes,
}: LessonSignoffRows): LessonSignoffView {
  return {
    lessonId: lesson.id,
    requiresSignoff: lesson.requiresSignoff,
    version: lesson.version,
    status: signoffStatusOf(material, signature?.version ?? null),
    signedVersion: signature?.version ?? null,
    signedAt: signature?.signedAt ?? null,
    signedText: signedText && { version: signedText.version, title: signedText.title, content: signedText.content },
    changesSince: changes.map((change) => ({
      version: change.version,
      summary: change.summary,
      createdAt: change.createdAt,
    })),
  };
}

/** signoffs/mine, in the lessons' order. */
export function presentMySignoffs({ lessons, material, signed }: MySignoffRows): MySignoffView[] {
  return lessons.map((lesson) => {
    const signedVersion = signed.get(lesson.id)?.version ?? null;
    return {
      lessonId: lesson.id,
      lessonTitle: lesson.title,
      courseId: lesson.module.course.id,
      courseTitle: lesson.module.course.title,
      status: signoffStatusOf(material.get(lesson.id) ?? 0, signedVersion),
      signedVersion,
    };
  });
}

import { ClientActionSchema } from "./client-action.js";
import {
  AssignmentSchema,
  CompletionSchema,
  CourseModuleSchema,
  CourseSchema,
  CourseTagSchema,
  LessonSchema,
} from "./course.js";
import { CourseCompletionTotalSchema } from "./course-completion-total.js";
import { CourseProgressSchema } from "./course-progress.js";
import { FormerMemberSchema } from "./former-member.js";
import { InvitationSchema } from "./invitation.js";
import {
  MailBatchSchema,
  OutboxMailSchema,
  PasswordResetSchema,
  ReminderOptOutSchema,
  ServerSecretSchema,
} from "./mail.js";
import { MembershipSchema, OrganizationSchema } from "./organization.js";
import { QuizAttemptSchema, QuizOptionSchema, QuizQuestionSchema, QuizSchema } from "./quiz.js";
import { KnownDeviceSchema, RateLimitBucketSchema, SessionSchema } from "./session.js";
import { LessonVersionSchema, SignatureSchema } from "./signoff.js";
import { MemberTagSchema, TagSchema } from "./tag.js";
import { CourseImageSchema } from "./upload.js";
import { UserSchema } from "./user.js";

export { ClientAction } from "./client-action.js";
export { Assignment, Completion, Course, CourseModule, CourseTag, Lesson } from "./course.js";
export { CourseCompletionTotal } from "./course-completion-total.js";
export { CourseProgress } from "./course-progress.js";
export { FormerMember } from "./former-member.js";
export { Invitation } from "./invitation.js";
export { MailBatch, type MailKind, OutboxMail, PasswordReset, ReminderOptOut, ServerSecret } from "./mail.js";
export { Membership, Organization } from "./organization.js";
export { type AttemptAnswer, Quiz, QuizAttempt, QuizOption, QuizQuestion } from "./quiz.js";
export { KnownDevice, RateLimitBucket, Session } from "./session.js";
export { LessonVersion, Signature } from "./signoff.js";
export { MemberTag, Tag } from "./tag.js";
export { CourseImage } from "./upload.js";
export { emailKeyOf, User } from "./user.js";

export const ENTITIES = [
  UserSchema,
  OrganizationSchema,
  MembershipSchema,
  SessionSchema,
  RateLimitBucketSchema,
  KnownDeviceSchema,
  TagSchema,
  MemberTagSchema,
  CourseSchema,
  CourseTagSchema,
  CourseModuleSchema,
  LessonSchema,
  CompletionSchema,
  InvitationSchema,
  AssignmentSchema,
  CourseImageSchema,
  FormerMemberSchema,
  OutboxMailSchema,
  MailBatchSchema,
  ReminderOptOutSchema,
  PasswordResetSchema,
  ServerSecretSchema,
  ClientActionSchema,
  LessonVersionSchema,
  SignatureSchema,
  QuizSchema,
  QuizQuestionSchema,
  QuizOptionSchema,
  QuizAttemptSchema,
  CourseProgressSchema,
  CourseCompletionTotalSchema,
];

/** Tables that belong to one organization: every query of them is scoped by the `tenant` filter. */
export const TENANT_ENTITIES = [
  "Tag",
  "MemberTag",
  "Course",
  "CourseTag",
  "CourseModule",
  "Lesson",
  "Completion",
  "Invitation",
  "Assignment",
  "CourseImage",
  "FormerMember",
  "LessonVersion",
  "Signature",
  "Quiz",
  "QuizQuestion",
  "QuizOption",
  "QuizAttempt",
  "CourseProgress",
  "CourseCompletionTotal",
];

import { ApiKeySchema } from "#server/modules/api-access/api-key.entity.js";
import { WebhookSchema } from "#server/modules/api-access/webhook.entity.js";
import { CertificateCompletionSchema, CertificateSchema } from "#server/modules/certifications/certificate.entity.js";
import {
  CertificateScanSchema,
  ExternalCertificateSchema,
} from "#server/modules/certifications/external-certificate.entity.js";
import {
  AssignmentSchema,
  CompletionSchema,
  CourseModuleSchema,
  CourseSchema,
  CourseTagSchema,
  LessonSchema,
} from "#server/modules/courses/course.entity.js";
import { CourseImageSchema } from "#server/modules/courses/upload.entity.js";
import {
  CourseRevisionSchema,
  DocumentControlSettingSchema,
} from "#server/modules/document-control/revision.entity.js";
import {
  EvidenceCheckpointSchema,
  EvidenceEntrySchema,
  EvidenceKeySchema,
  EvidenceLinkSchema,
} from "#server/modules/evidence/evidence.entity.js";
import { PasswordResetSchema } from "#server/modules/identity/password-reset.entity.js";
import {
  KnownDeviceSchema,
  RateLimitBucketSchema,
  RateLimitStreakSchema,
  SessionSchema,
} from "#server/modules/identity/session.entity.js";
import { UserSchema } from "#server/modules/identity/user.entity.js";
import { ReminderOptOutSchema } from "#server/modules/mail/reminder-opt-out.entity.js";
import { DeletionNoticeSchema } from "#server/modules/organizations/deletion-notice.entity.js";
import { MembershipSchema, OrganizationSchema } from "#server/modules/organizations/organization.entity.js";
import { CourseCompletionTotalSchema } from "#server/modules/progress/course-completion-total.entity.js";
import { CourseProgressSchema } from "#server/modules/progress/course-progress.entity.js";
import {
  QuizAttemptSchema,
  QuizOptionSchema,
  QuizQuestionSchema,
  QuizSchema,
} from "#server/modules/quizzes/quiz.entity.js";
import { ScormAttemptSchema, ScormFileSchema, ScormPackageSchema } from "#server/modules/scorm/scorm.entity.js";
import { LessonVersionSchema, SignatureSchema } from "#server/modules/signoff/signoff.entity.js";
import { SsoDomainSchema, SsoIdentitySchema, SsoProviderSchema } from "#server/modules/sso/sso.entity.js";
import { MemberTagSchema, TagSchema } from "#server/modules/tags/tag.entity.js";
import { FormerMemberSchema } from "#server/modules/team/former-member.entity.js";
import { InvitationSchema } from "#server/modules/team/invitation.entity.js";
import { InvitationSendSchema } from "#server/modules/team/invitation-send.entity.js";
import {
  CourseTranslationSchema,
  LessonTranslationSchema,
  SignedTranslationSchema,
} from "#server/modules/translations/translation.entity.js";
import { ClientActionSchema } from "#server/platform/api/client-action.entity.js";
import { ServerSecretSchema } from "#server/platform/db/server-secret.entity.js";
import { MailBatchSchema, OutboxMailSchema } from "#server/platform/mail/outbox.entity.js";

export { ApiKey } from "#server/modules/api-access/api-key.entity.js";
export { Webhook } from "#server/modules/api-access/webhook.entity.js";
export { CertificateCompletion } from "#server/modules/certifications/certificate.entity.js";
export {
  Completion,
  Course,
  CourseModule,
  CourseTag,
  Lesson,
} from "#server/modules/courses/course.entity.js";
export { CourseImage } from "#server/modules/courses/upload.entity.js";
export { PasswordReset } from "#server/modules/identity/password-reset.entity.js";
export { KnownDevice, RateLimitBucket, RateLimitStreak, Session } from "#server/modules/identity/session.entity.js";
export { User } from "#server/modules/identity/user.entity.js";
export { ReminderOptOut } from "#server/modules/mail/reminder-opt-out.entity.js";
export { Membership, Organization } from "#server/modules/organizations/organization.entity.js";
export { QuizAttempt } from "#server/modules/quizzes/quiz.entity.js";
export { ScormAttempt, ScormFile, ScormPackage } from "#server/modules/scorm/scorm.entity.js";
export { Signature } from "#server/modules/signoff/signoff.entity.js";
export { SsoIdentity, SsoProvider } from "#server/modules/sso/sso.entity.js";
export { MemberTag, Tag } from "#server/modules/tags/tag.entity.js";
export { Invitation } from "#server/modules/team/invitation.entity.js";
export { InvitationSend } from "#server/modules/team/invitation-send.entity.js";
export {
  CourseTranslation,
  LessonTranslation,
  SignedTranslation,
} from "#server/modules/translations/translation.entity.js";
export { ClientAction } from "#server/platform/api/client-action.entity.js";
export { MailBatch, OutboxMail } from "#server/platform/mail/outbox.entity.js";

export const ENTITIES = [
  UserSchema,
  OrganizationSchema,
  MembershipSchema,
  SessionSchema,
  RateLimitBucketSchema,
  RateLimitStreakSchema,
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
  InvitationSendSchema,
  ScormPackageSchema,
  ScormFileSchema,
  ScormAttemptSchema,
  DeletionNoticeSchema,
  CertificateSchema,
  CertificateCompletionSchema,
  CertificateScanSchema,
  ExternalCertificateSchema,
  ApiKeySchema,
  EvidenceEntrySchema,
  EvidenceLinkSchema,
  EvidenceKeySchema,
  EvidenceCheckpointSchema,
  SsoProviderSchema,
  SsoDomainSchema,
  SsoIdentitySchema,
  LessonTranslationSchema,
  CourseTranslationSchema,
  SignedTranslationSchema,
  WebhookSchema,
  CourseRevisionSchema,
  DocumentControlSettingSchema,
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
  "InvitationSend",
  "ScormPackage",
  "ScormFile",
  "ScormAttempt",
  "Certificate",
  "CertificateCompletion",
  "CertificateScan",
  "ExternalCertificate",
  "ApiKey",
  "Webhook",
  "EvidenceEntry",
  "EvidenceLink",
  "EvidenceKey",
  "EvidenceCheckpoint",
  "SsoProvider",
  "SsoDomain",
  "SsoIdentity",
  "LessonTranslation",
  "CourseTranslation",
  "SignedTranslation",
  "CourseRevision",
  "DocumentControlSetting",
];

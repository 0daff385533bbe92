import {
  AssignmentSchema,
  CompletionSchema,
  CourseModuleSchema,
  CourseSchema,
  CourseTagSchema,
  LessonSchema,
} from "./course.js";
import { InvitationSchema } from "./invitation.js";
import { MembershipSchema, OrganizationSchema } from "./organization.js";
import { QuizAttemptSchema, QuizOptionSchema, QuizQuestionSchema, QuizSchema } from "./quiz.js";
import { KnownDeviceSchema, RateLimitBucketSchema, SessionSchema } from "./session.js";
import { MemberTagSchema, TagSchema } from "./tag.js";
import { CourseImageSchema } from "./upload.js";
import { UserSchema } from "./user.js";

export { Assignment, Completion, Course, CourseModule, CourseTag, Lesson } from "./course.js";
export { Invitation } from "./invitation.js";
export { Membership, Organization } from "./organization.js";
export { type AttemptAnswer, Quiz, QuizAttempt, QuizOption, QuizQuestion } from "./quiz.js";
export { KnownDevice, RateLimitBucket, Session } from "./session.js";
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
  QuizSchema,
  QuizQuestionSchema,
  QuizOptionSchema,
  QuizAttemptSchema,
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
  "Quiz",
  "QuizQuestion",
  "QuizOption",
  "QuizAttempt",
];

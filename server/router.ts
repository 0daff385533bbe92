import { apiKeysRouter } from "#server/modules/api-access/api-keys.router.js";
import { resumeApiKey, webhookCompletionHook, webhookEventHook } from "#server/modules/api-access/index.js";
import { webhooksRouter } from "#server/modules/api-access/webhooks.router.js";
import { certificatesRouter } from "#server/modules/certifications/certifications.router.js";
import { certificateExpiryBatch, certificationsMyTrainingPart } from "#server/modules/certifications/index.js";
import { coursesRouter } from "#server/modules/courses/courses.router.js";
import {
  contentTranslations,
  courseContentHooks,
  courseSearch,
  courseViewParts,
  lessonDrafts,
  lessonPageParts,
} from "#server/modules/courses/index.js";
import { lessonProcedures } from "#server/modules/courses/lessons.router.js";
import { modulesRouter } from "#server/modules/courses/modules.router.js";
import { storageProcedures, uploadsRouter } from "#server/modules/courses/uploads.router.js";
import { documentControlDrafts } from "#server/modules/document-control/index.js";
import { documentControlRouter, revisionsRouter } from "#server/modules/document-control/revisions.router.js";
import { auditRouter } from "#server/modules/evidence/evidence.router.js";
import { completionEntryHook, evidenceEventHook } from "#server/modules/evidence/index.js";
import { accountRouter } from "#server/modules/identity/account.router.js";
import { authRouter } from "#server/modules/identity/auth.router.js";
import {
  passwordSignInRules,
  registrationHooks,
  resumeSession,
  userViewParts,
} from "#server/modules/identity/index.js";
import { mailRouter } from "#server/modules/mail/mail.router.js";
import { membershipOf, organizationUserViewParts } from "#server/modules/organizations/index.js";
import { orgsProcedures } from "#server/modules/organizations/orgs.router.js";
import { completionStatementHooks, progressCourseHook } from "#server/modules/progress/index.js";
import { progressLessonProcedures } from "#server/modules/progress/lesson-completion.router.js";
import { usersRouter } from "#server/modules/progress/users.router.js";
import { quizCourseHook, quizLessonPageParts } from "#server/modules/quizzes/index.js";
import { quizzesRouter } from "#server/modules/quizzes/quizzes.router.js";
import { reportProcedures } from "#server/modules/reports/reports.router.js";
import { signoffReportProcedures } from "#server/modules/reports/signoff-report.router.js";
import { scormRouter } from "#server/modules/scorm/scorm.router.js";
import { searchCourseHook, searchOfCourses, searchTranslationHook } from "#server/modules/search/index.js";
import { searchRouter } from "#server/modules/search/search.router.js";
import { signoffCourseHook } from "#server/modules/signoff/index.js";
import { signoffLessonProcedures, signoffsRouter } from "#server/modules/signoff/signoff.router.js";
import { requireSsoRule } from "#server/modules/sso/index.js";
import { ssoProvidersRouter } from "#server/modules/sso/sso.router.js";
import { tagsRouter } from "#server/modules/tags/tags.router.js";
import { invitationRegistrationHook } from "#server/modules/team/index.js";
import { teamRouter } from "#server/modules/team/team.router.js";
import { leaveProcedures } from "#server/modules/team/team-admin.router.js";
import { assignmentsRouter } from "#server/modules/training/assignments.router.js";
import { mailBatchKinds, myTrainingParts, trainingCourseViewParts } from "#server/modules/training/index.js";
import { trainingRouter } from "#server/modules/training/training.router.js";
import { translationsContentPart, translationWriteHooks } from "#server/modules/translations/index.js";
import {
  courseTranslationsRouter,
  lessonTranslationsRouter,
} from "#server/modules/translations/translations.router.js";
import { requestIdentity } from "#server/platform/api/session.js";
import { trainingEventHooks } from "#server/platform/api/training-events.js";
import { mergeRouters, router } from "#server/platform/api/trpc.js";

/**
 * What a lower layer lets higher ones do in its work, registered once, before any request (docs/DESIGN.md
 * §3, server/platform/api/hooks.ts): the procedure builders resume the session with the identity module
 * and read memberships with the organizations module, and know an API key with the api-access module; course writes keep the search index and progress
 * in step and carry knowledge checks and sign-off versions along (in this order: a duplicate copies the
 * checks, then the versions), the course list searches with the search module, the lesson page carries
 * its knowledge check (quizzes) and the course views the viewer's training status (training), and
 * lessons/get and courses/get answer in a language through the translations module, whose saves the search
 * module indexes. A registration through an open invitation (team) skips the registration limits, and
 * the user's answer names their current organization (organizations). My training carries the viewer's
 * certificates (certifications), which may start a certification's next cycle first, and the scheduled mails include
 * the certificates' expiry reminders (certifications). Every training event, a completion's in its own
 * statements, joins the organization's evidence log (evidence). The editor's saves of a published course
 * go to its draft revision (document-control).
 */
requestIdentity.register({ resumeSession, membershipOf, resumeApiKey });
registrationHooks.register(invitationRegistrationHook);
userViewParts.register(organizationUserViewParts);
courseContentHooks.register(searchCourseHook);
courseContentHooks.register(progressCourseHook);
courseContentHooks.register(quizCourseHook);
courseContentHooks.register(signoffCourseHook);
courseSearch.register(searchOfCourses);
lessonPageParts.register(quizLessonPageParts);
contentTranslations.register(translationsContentPart);
translationWriteHooks.register(searchTranslationHook);
courseViewParts.register(trainingCourseViewParts);
myTrainingParts.register(certificationsMyTrainingPart);
mailBatchKinds.register(certificateExpiryBatch);
trainingEventHooks.register(evidenceEventHook);
completionStatementHooks.register(completionEntryHook);
// "Require SSO" refuses a password where an organization's own sign-in is required (sso, decision 0370).
passwordSignInRules.register(requireSsoRule);
// Webhooks (api-access) queue the deliveries of the same events, in the same transactions.
trainingEventHooks.register(webhookEventHook);
completionStatementHooks.register(webhookCompletionHook);
lessonDrafts.register(documentControlDrafts);

/**
 * Every procedure of the API, by area (docs/SPEC.md §7). The composition reads each module's router file
 * itself: no module's index.ts exports procedures, so importing a module never builds another's. Where
 * an area's paths hold procedures of two modules, both are spread into it here.
 */
export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  // Leaving an organization is the team module's (it ends a membership), and the image storage in use the
  // courses module's, under the orgs area's paths.
  orgs: router({ ...orgsProcedures, ...leaveProcedures, ...storageProcedures }),
  tags: tagsRouter,
  team: teamRouter,
  // A course's translations are the translations module's, under the courses area's paths.
  courses: mergeRouters(coursesRouter, router({ translations: courseTranslationsRouter })),
  modules: modulesRouter,
  // Completing a lesson is the progress module's, and its sign-off (lessons/sign, its versions) the sign-off module's.
  // A lesson's translations (lessons/translations/*) are the translations module's.
  lessons: router({
    ...lessonProcedures,
    ...progressLessonProcedures,
    ...signoffLessonProcedures,
    translations: lessonTranslationsRouter,
  }),
  users: usersRouter,
  training: trainingRouter,
  assignments: assignmentsRouter,
  // The sign-off report reads the signatures beside who is due: the reports module's, in a file of its own.
  reports: router({ ...reportProcedures, ...signoffReportProcedures }),
  uploads: uploadsRouter,
  search: searchRouter,
  mail: mailRouter,
  signoffs: signoffsRouter,
  quizzes: quizzesRouter,
  scorm: scormRouter,
  certificates: certificatesRouter,
  apiKeys: apiKeysRouter,
  audit: auditRouter,
  sso: router({ providers: ssoProvidersRouter }),
  webhooks: webhooksRouter,
  revisions: revisionsRouter,
  documentControl: documentControlRouter,
});

export type AppRouter = typeof appRouter;

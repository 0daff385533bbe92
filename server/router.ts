import { coursesRouter } from "#server/modules/courses/courses.router.js";
import { lessonsRouter } from "#server/modules/courses/lessons.router.js";
import { modulesRouter } from "#server/modules/courses/modules.router.js";
import { uploadsRouter } from "#server/modules/courses/uploads.router.js";
import { authRouter } from "#server/modules/identity/auth.router.js";
import { mailRouter } from "#server/modules/mail/mail.router.js";
import { orgsRouter } from "#server/modules/organizations/orgs.router.js";
import { usersRouter } from "#server/modules/progress/users.router.js";
import { quizzesRouter } from "#server/modules/quizzes/quizzes.router.js";
import { reportsRouter } from "#server/modules/reports/reports.router.js";
import { searchRouter } from "#server/modules/search/search.router.js";
import { signoffsRouter } from "#server/modules/signoff/signoff.router.js";
import { tagsRouter } from "#server/modules/tags/tags.router.js";
import { teamRouter } from "#server/modules/team/team.router.js";
import { assignmentsRouter } from "#server/modules/training/assignments.router.js";
import { trainingRouter } from "#server/modules/training/training.router.js";
import { router } from "#server/platform/api/trpc.js";

export const appRouter = router({
  auth: authRouter,
  orgs: orgsRouter,
  tags: tagsRouter,
  team: teamRouter,
  courses: coursesRouter,
  modules: modulesRouter,
  lessons: lessonsRouter,
  users: usersRouter,
  training: trainingRouter,
  assignments: assignmentsRouter,
  reports: reportsRouter,
  uploads: uploadsRouter,
  search: searchRouter,
  mail: mailRouter,
  signoffs: signoffsRouter,
  quizzes: quizzesRouter,
});

export type AppRouter = typeof appRouter;

import {
  coursesRouter,
  lessonsRouter,
  modulesRouter,
  storageRouter,
  uploadsRouter,
} from "#server/modules/courses/index.js";
import { authRouter } from "#server/modules/identity/index.js";
import { mailRouter } from "#server/modules/mail/index.js";
import { orgsRouter } from "#server/modules/organizations/index.js";
import { usersRouter } from "#server/modules/progress/index.js";
import { quizzesRouter } from "#server/modules/quizzes/index.js";
import { reportsRouter } from "#server/modules/reports/index.js";
import { searchRouter } from "#server/modules/search/index.js";
import { signoffsRouter } from "#server/modules/signoff/index.js";
import { tagsRouter } from "#server/modules/tags/index.js";
import { teamRouter } from "#server/modules/team/index.js";
import { assignmentsRouter, trainingRouter } from "#server/modules/training/index.js";
import { mergeRouters, router } from "#server/platform/api/trpc.js";

export const appRouter = router({
  auth: authRouter,
  orgs: mergeRouters(orgsRouter, storageRouter),
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

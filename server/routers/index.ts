import { router } from "#server/trpc.js";
import { assignmentsRouter } from "./assignments.js";
import { authRouter } from "./auth.js";
import { coursesRouter } from "./courses.js";
import { lessonsRouter } from "./lessons.js";
import { mailRouter } from "./mail.js";
import { modulesRouter } from "./modules.js";
import { orgsRouter } from "./orgs.js";
import { quizzesRouter } from "./quizzes.js";
import { reportsRouter } from "./reports.js";
import { searchRouter } from "./search.js";
import { signoffsRouter } from "./signoffs.js";
import { tagsRouter } from "./tags.js";
import { teamRouter } from "./team.js";
import { trainingRouter } from "./training.js";
import { uploadsRouter } from "./uploads.js";
import { usersRouter } from "./users.js";

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

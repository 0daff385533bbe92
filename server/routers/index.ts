import { router } from "#server/trpc.js";
import { authRouter } from "./auth.js";
import { coursesRouter } from "./courses.js";
import { lessonsRouter } from "./lessons.js";
import { modulesRouter } from "./modules.js";
import { orgsRouter } from "./orgs.js";
import { tagsRouter } from "./tags.js";
import { teamRouter } from "./team.js";
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
  uploads: uploadsRouter,
});

export type AppRouter = typeof appRouter;

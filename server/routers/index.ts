import { router } from "../trpc.js";
import { authRouter } from "./auth.js";
import { orgsRouter } from "./orgs.js";
import { tagsRouter } from "./tags.js";
import { teamRouter } from "./team.js";

export const appRouter = router({
  auth: authRouter,
  orgs: orgsRouter,
  tags: tagsRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;

import { router } from "../trpc.js";
import { authRouter } from "./auth.js";
import { orgsRouter } from "./orgs.js";

export const appRouter = router({
  auth: authRouter,
  orgs: orgsRouter,
});

export type AppRouter = typeof appRouter;

import type { z } from "zod";
import { inTransaction } from "#server/platform/api/trpc.js";
import { permittedBeforeTransaction } from "#server/platform/api/trpc-org.js";
import { convertLessonContent } from "./lesson-content.js";

/**
 * Saving lesson content (a lesson's, or its translation's): once the caller may edit, it is converted off
 * the request thread (server/modules/courses/lesson-content.ts), then the write's transaction begins.
 * `ctx.content` is what to store.
 */
export const contentSaveProcedure = <Schema extends z.ZodType<{ content?: string | null }>>(schema: Schema) =>
  permittedBeforeTransaction("courses.edit")
    .input(schema)
    .use(async ({ ctx, input, next }) =>
      next({
        ctx: { content: await convertLessonContent(ctx.req.server.lessonContent, ctx.organization.id, input.content) },
      }),
    )
    .use(inTransaction);

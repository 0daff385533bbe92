import type { SqlEntityManager } from "@mikro-orm/knex";
import { Hooks } from "#server/platform/api/hooks.js";

/**
 * What higher modules do when a translation is saved (docs/decisions/0290-module-hooks.md): the search
 * module indexes it with its language's stemming (decision 0412). Registered by server/router.ts; runs
 * after the save's flush, in its transaction.
 */
export interface TranslationWriteHook {
  written(scope: { em: SqlEntityManager }, change: { lessonIds?: number[]; courseIds?: number[] }): Promise<void>;
}

export const translationWriteHooks = new Hooks<TranslationWriteHook>("translationWriteHooks");

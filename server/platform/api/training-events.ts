import type { EntityManager } from "@mikro-orm/core";
import type { EvidenceFact, EvidenceKind } from "#shared/evidence.js";
import { Hooks } from "./hooks.js";

/**
 * A training event, as the module where it happens names it (a check passed, a lesson signed, a member
 * joined …): recorded by whatever the composition registered, today the evidence log
 * (docs/decisions/0300-evidence-log.md), in the caller's transaction. Completions are recorded in their
 * own statements instead (server/modules/progress/completions.ts, `completionStatementHooks`).
 */
export interface TrainingEvent {
  /** The organization whose log it joins: the request's. */
  organizationId: number;
  kind: EvidenceKind;
  occurredAt: Date;
  /** Who did it: null for the server itself. */
  actorId: number | null;
  /** The person it is about, when it is about one. */
  subjectUserId?: number | null;
  courseId?: number | null;
  lessonId?: number | null;
  facts: Record<string, EvidenceFact>;
}

export interface TrainingEventHook {
  /** Writes the event on `em`, in the transaction and organization `em` is in. */
  recorded(em: EntityManager, event: TrainingEvent): Promise<void>;
}

export const trainingEventHooks = new Hooks<TrainingEventHook>("trainingEvents");

/** Records the event with every registered hook, in the caller's transaction. */
export async function recordTrainingEvent(scope: { em: EntityManager }, event: TrainingEvent): Promise<void> {
  for (const hook of trainingEventHooks.all) await hook.recorded(scope.em, event);
}

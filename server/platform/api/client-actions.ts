import type { SqlEntityManager } from "@mikro-orm/knex";
import superjson from "superjson";
import { fail } from "#server/platform/http/errors.js";
import { CLIENT_ACTION_MESSAGES, type ClientActionKind } from "#shared/schemas/client-actions.js";
import { ClientAction } from "./client-action.entity.js";

/**
 * The ledger of actions a device queued offline (decision 0140). A procedure that takes a `clientId` asks
 * `replayedAnswer` first, once the caller's access has been checked, and hands its answer to
 * `rememberAnswer`: the first call does the work, every replay of the id gets the same answer back and
 * writes nothing.
 */
export interface ClientActionScope {
  em: SqlEntityManager;
  organization: { id: number };
  user: { id: number };
}

function belongsToCaller(action: ClientAction, scope: ClientActionScope, kind: ClientActionKind): boolean {
  return action.organization.id === scope.organization.id && action.user.id === scope.user.id && action.kind === kind;
}

async function findAction(scope: ClientActionScope, clientId: string): Promise<ClientAction | null> {
  return scope.em.findOne(ClientAction, { clientId }, { refresh: true });
}

/** The answer given the first time this id was sent, or undefined when it is new (or absent). */
export async function replayedAnswer<Answer>(
  scope: ClientActionScope,
  clientId: string | undefined,
  kind: ClientActionKind,
): Promise<Answer | undefined> {
  if (clientId === undefined) return undefined;
  const action = await findAction(scope, clientId);
  if (!action) return undefined;
  // A UUID is not guessed by chance: someone else's id is refused, never answered with their result.
  if (!belongsToCaller(action, scope, kind)) throw fail.conflict(CLIENT_ACTION_MESSAGES.clientIdTaken);
  return superjson.parse<Answer>(action.result);
}

/**
 * Records the answer under the id and returns the answer that now stands for it. Two copies of one action
 * arriving at once both pass `replayedAnswer`; the second insert yields, and both answer the first's result.
 */
export async function rememberAnswer<Answer>(
  scope: ClientActionScope,
  clientId: string | undefined,
  kind: ClientActionKind,
  answer: Answer,
): Promise<Answer> {
  if (clientId === undefined) return answer;
  await scope.em
    .createQueryBuilder(ClientAction)
    .insert({
      organization: scope.organization.id,
      user: scope.user.id,
      clientId,
      kind,
      result: superjson.stringify(answer),
      createdAt: new Date(),
    })
    .onConflict(["clientId"])
    .ignore()
    .execute();
  const stored = await replayedAnswer<Answer>(scope, clientId, kind);
  return stored ?? answer;
}

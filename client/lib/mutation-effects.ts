import { type Mutation, MutationCache, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { errorMessage } from "./errors.js";
import { toast } from "./toast.js";

/**
 * What a mutation does around its call, declared with it (`meta`) and carried out here once for all:
 * the toast on success, the toast on failure, and the cached answers it makes stale.
 */
// A type, not an interface: Query accepts a meta type only when it is a Record<string, unknown>.
type MutationEffects = {
  /** The success toast: a fixed text, or "answer" for the `message` the server answered with. */
  success?: string | "answer";
  /** The error toast's text when the server gives no message; without it the screen shows the error itself. */
  failure?: string;
  /**
   * Keys (or key prefixes) of the queries the change makes stale. They are refetched before the
   * mutation's own onSuccess runs, so a dialog closes onto the updated list.
   */
  invalidates?: readonly QueryKey[];
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: MutationEffects;
  }
}

function answerMessage(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("message" in data)) return undefined;
  return typeof data.message === "string" ? data.message : undefined;
}

type AnyMutation = Mutation<unknown, unknown, unknown, unknown>;

export function createMutationCache(queryClient: () => QueryClient): MutationCache {
  return new MutationCache({
    onSuccess: async (data, _variables, _context, mutation: AnyMutation) => {
      const { success, invalidates = [] } = mutation.meta ?? {};
      const text = success === "answer" ? answerMessage(data) : success;
      if (text) toast.success(text);
      await Promise.all(invalidates.map((queryKey) => queryClient().invalidateQueries({ queryKey })));
    },
    onError: (error, _variables, _context, mutation: AnyMutation) => {
      const failure = mutation.meta?.failure;
      if (failure) toast.error(errorMessage(error, failure));
    },
  });
}

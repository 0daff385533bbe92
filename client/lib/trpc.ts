import { type FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";
// Registers the matrix cells' superjson type (decision 0070).
import "#shared/matrix-cells.js";
import { offlineAwareFetch } from "#client/features/offline/offline-fetch.js";
import type { AppRouter } from "#server/router.js";
import { FRESHNESS, ORGANIZATION_HEADER } from "#shared/constants.js";
import { needsConnection } from "./errors.js";
import { createMutationCache } from "./mutation-effects.js";
import { answeredFromPage, pageAnswerCalls } from "./page-answers.js";

/** The organization of the page this tab shows; main.tsx binds it to the router once that exists. */
let organizationOfPage: () => number | undefined = () => undefined;

/**
 * Makes every call name the organization of the page it comes from. Two tabs may show two organizations
 * of one session: acting on the session's "current organization" would let one tab write into the other's.
 */
export function nameOrganizationsFrom(source: () => number | undefined): void {
  organizationOfPage = source;
}

/** The organization of the page on screen (during a navigation: of the page being opened), if any. */
export function pageOrganizationId(): number | undefined {
  return organizationOfPage();
}

/** The header naming the page's organization, for the few calls made outside tRPC (uploads). */
export function organizationHeaders(): Record<string, string> {
  const id = organizationOfPage();
  return id === undefined ? {} : { [ORGANIZATION_HEADER]: String(id) };
}

/** Browsers let at most 64 KiB of keep-alive request bodies be in flight at once. */
const KEEPALIVE_BODY_LIMIT = 60 * 1024;

/**
 * A call made while the page is hidden or being closed (the lesson editor's last autosave) is sent with
 * `keepalive`, so the browser finishes it after the page is gone; a body too large for that goes as usual.
 */
export function fetchOutlivingPage(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const hidden = typeof document !== "undefined" && document.visibilityState === "hidden";
  const body = init?.body;
  const small = typeof body === "string" && new Blob([body]).size <= KEEPALIVE_BODY_LIMIT;
  return fetch(input, hidden && small ? { ...init, keepalive: true } : init);
}

/** The one API client, over tRPC at /_api/trpc. */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: "/_api/trpc",
      transformer: superjson,
      headers: organizationHeaders,
      // Keeps course pages for offline use and answers from them offline (decision 0141); a course or
      // lesson page's first calls are answered from the answers it came with (decision 0220).
      fetch: offlineAwareFetch(answeredFromPage(fetchOutlivingPage)),
    }),
  ],
});

/** TanStack Query's default: three retries; none for a read the device answered "needs a connection". */
function retryUnlessOffline(failureCount: number, error: unknown): boolean {
  return !needsConnection(error) && failureCount < 3;
}

export const queryClient: QueryClient = new QueryClient({
  mutationCache: createMutationCache(() => queryClient),
  defaultOptions: {
    // Decision 0293: calls always go to the API client, whose offline layer answers from the device or says
    // that a connection is needed. TanStack's default ("online") would instead hold every call made while
    // the browser says it is offline, and the screen would show "Loading" until the network returned.
    queries: {
      staleTime: FRESHNESS.defaultQueryMs,
      refetchOnWindowFocus: true,
      networkMode: "always",
      retry: retryUnlessOffline,
    },
    mutations: { networkMode: "always" },
  },
});

/**
 * Query and mutation options for every procedure, with tRPC's own keys:
 * `useQuery(trpc.tags.list.queryOptions())`, `queryClient.ensureQueryData(trpc.courses.get.queryOptions({ id }))`,
 * `useMutation(trpc.tags.create.mutationOptions({ meta }))`, `trpc.courses.pathKey()` to invalidate an area.
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The query options of the procedure at this path ("courses.get"), from the proxy above. */
function queryOptionsAt(procedure: string, input: unknown): FetchQueryOptions {
  let node: unknown = trpc;
  for (const segment of procedure.split(".")) node = (node as Record<string, unknown>)[segment];
  return (node as { queryOptions(input: unknown): FetchQueryOptions }).queryOptions(input);
}

/**
 * Decision 0247: reads every answer the page came with into the query cache, through the API client (so
 * the offline layer keeps them as usual), before the page's first render. That render then shows the
 * page whole, instead of each part's loading state followed by a render per answer. An answer the route's
 * loader has asked for already is waited for where it is (in the cache, or still on its way through the
 * offline layer): the loader does not wait for the page's reads beyond its record (decision 0285).
 */
export async function loadPageAnswers(): Promise<void> {
  await Promise.all(
    pageAnswerCalls().map(({ procedure, input }) => queryClient.prefetchQuery(queryOptionsAt(procedure, input))),
  );
}

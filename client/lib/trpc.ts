import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";
import type { AppRouter } from "../../server/routers/index.js";
import { FRESHNESS } from "../../shared/constants.js";

/** The one API client: typed React hooks over tRPC at /_api/trpc. */
export const trpc = createTRPCReact<AppRouter>();

const links = [httpBatchLink({ url: "/_api/trpc", transformer: superjson })];

export const trpcClient = trpc.createClient({ links });

/** The same client without React, for router loaders and guards. */
export const apiClient = createTRPCClient<AppRouter>({ links });

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: FRESHNESS.defaultQueryMs, refetchOnWindowFocus: true },
  },
});

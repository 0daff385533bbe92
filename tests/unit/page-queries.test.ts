import { readFileSync } from "node:fs";
import path from "node:path";
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { beforeAll, describe, expect, it } from "vitest";
import { pageAtAddress } from "#server/platform/pages/page-calls.js";
import { RECORD_PAGE_LIST, type RecordPageName, routeFileOf } from "#shared/page-queries.js";
import { ROLES, type Role } from "#shared/roles.js";

/**
 * Decision 0285: a course or lesson page's first reads are declared once (shared/page-queries.ts). The
 * server answers them in the page's HTML and the page's route loader asks for them; the client reads an
 * answer only for the very procedure and input it asks for, so the two must be the same calls. This runs
 * the real route loaders (through the components' own query options and tRPC's keys) against the server's
 * list, for every role and a sample record of each kind.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Call {
  procedure: string;
  input?: unknown;
}

/** The call a tRPC query key stands for: `[["courses", "get"], { input?, type: "query" }]`. */
function callOfKey(key: QueryKey): Call {
  const [pathParts, options] = key as [string[], { input?: unknown } | undefined];
  return { procedure: pathParts.join("."), ...(options?.input === undefined ? {} : { input: options.input }) };
}

function plain(call: { procedure: string; input?: unknown }): Call {
  return { procedure: call.procedure, ...(call.input === undefined ? {} : { input: call.input }) };
}

/** A query client that notes what it is asked for and answers the record with `record` (or fails). */
function recordingClient(record: unknown) {
  const asked: Call[] = [];
  const client = {
    ensureQueryData: (options: FetchQueryOptions) => {
      asked.push(callOfKey(options.queryKey));
      return record instanceof Error ? Promise.reject(record) : Promise.resolve(record);
    },
    prefetchQuery: (options: FetchQueryOptions) => {
      asked.push(callOfKey(options.queryKey));
      return Promise.resolve();
    },
  };
  return { asked, queryClient: client as unknown as QueryClient };
}

interface PageRoute {
  options: {
    loader: (args: unknown) => Promise<{ title: string | undefined }>;
    staticData: { pageQueries: (queryClient: QueryClient, params: Record<string, string>) => readonly QueryKey[] };
  };
}

const routes = new Map<RecordPageName, PageRoute>();
beforeAll(async () => {
  for (const [name, page] of RECORD_PAGE_LIST) {
    const module = (await import(path.join(ROOT, routeFileOf(page.routeId)))) as { Route: PageRoute };
    routes.set(name, module.Route);
  }
}, 60_000);

/** Sample records as the API answers them, per page: what the follow-up calls depend on. */
const SAMPLE_RECORDS: Record<RecordPageName, Record<string, unknown>[]> = {
  course: [{ id: 41, title: "Forklift basics", status: "published" }],
  lesson: [
    { id: 41, title: "Dock safety", requiresSignoff: false },
    { id: 41, title: "Dock safety", requiresSignoff: true },
  ],
};

const ORGANIZATION_SLUG = "acme-depot";
/** Each page's address, as a link in the app writes it. */
const ADDRESSES: Record<RecordPageName, string> = {
  course: `/${ORGANIZATION_SLUG}/courses/41`,
  lesson: `/${ORGANIZATION_SLUG}/lessons/41`,
};

describe("the course and lesson pages' first reads, declared once", () => {
  for (const [name, page] of RECORD_PAGE_LIST) {
    const address = ADDRESSES[name];
    const params = { orgSlug: ORGANIZATION_SLUG, [page.param]: "41" };

    it(`names the ${name} page's route as its route file does`, () => {
      const source = readFileSync(path.join(ROOT, routeFileOf(page.routeId)), "utf8");
      expect(source).toContain(`createFileRoute(${JSON.stringify(page.routeId)})`);
    });

    it(`has the server answer exactly what the ${name} page's loader asks for, for every role`, async () => {
      const route = routes.get(name);
      const served = pageAtAddress(address);
      expect(served).toMatchObject({ page: name, slug: ORGANIZATION_SLUG, id: 41 });
      if (!route || !served) return;
      for (const record of SAMPLE_RECORDS[name]) {
        for (const role of ROLES) {
          const { asked, queryClient } = recordingClient(record);
          const loaded = await route.options.loader({
            context: { queryClient, organization: { id: 7, slug: ORGANIZATION_SLUG, role } },
            params,
          });
          const server = [served.record, ...served.following(role, record)].map(plain);
          expect(asked, `${name} page, ${role}, ${JSON.stringify(record)}`).toEqual(server);
          expect(loaded).toEqual({ title: record.title });
        }
      }
    });

    it(`starts the ${name} page's record early under the key the server answers (decision 0161)`, () => {
      const route = routes.get(name);
      const served = pageAtAddress(address);
      const { asked, queryClient } = recordingClient(undefined);
      const keys = route?.options.staticData.pageQueries(queryClient, params) ?? [];
      expect(keys.map(callOfKey)).toEqual(served ? [plain(served.record)] : []);
      expect(asked).toEqual(keys.map(callOfKey));
    });

    it(`asks for nothing more when the ${name} page's record fails, as the server answers nothing more`, async () => {
      const { asked, queryClient } = recordingClient(new Error("refused"));
      const loaded = await routes.get(name)?.options.loader({
        context: { queryClient, organization: { id: 7, slug: ORGANIZATION_SLUG, role: "admin" satisfies Role } },
        params,
      });
      expect(loaded).toEqual({ title: undefined });
      expect(asked).toEqual([plain(page.record(41))]);
    });
  }

  it("recognises the pages' addresses as the app writes them, and nothing else", () => {
    expect(pageAtAddress("/acme/courses/12")).toMatchObject({ page: "course", slug: "acme", id: 12 });
    expect(pageAtAddress("/acme-2/lessons/3")).toMatchObject({ page: "lesson", slug: "acme-2", id: 3 });
    expect(pageAtAddress("/acme/courses/9999999999")).toMatchObject({ id: 9_999_999_999 });
    for (const other of [
      "/acme/courses/12/edit",
      "/acme/courses/12/",
      "/acme/courses",
      "/Acme/courses/12",
      "/acme/courses/012",
      "/acme/courses/0",
      "/acme/courses/abc",
      "/acme/courses/12345678901",
      "/acme/lessons/3/edit",
      "/acme/_org/courses/12",
      "/courses/12",
    ]) {
      expect(pageAtAddress(other), other).toBeNull();
    }
  });
});

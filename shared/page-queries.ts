import { can } from "./permissions.js";
import type { Role } from "./roles.js";

/**
 * Decision 0285: the first reads of the pages whose HTML carries its answers (decisions 0220, 0247), declared
 * once. The server answers exactly these calls in the page's HTML (server/platform/pages/page-calls.ts) and
 * the page's route loader asks for exactly these (client/lib/page-loads.ts), so the two cannot drift apart.
 * No React, no DOM, no Node: the server, the client and the build (vite.config.ts) all import this.
 */

/**
 * A read a page may declare: the procedure and its input as the app sends it before superjson (none for a
 * procedure without input). client/lib/page-loads.ts maps each procedure to the query its components read.
 */
export type PageCall =
  | { procedure: "courses.get"; input: { id: number } }
  | { procedure: "lessons.get"; input: { id: number } }
  | { procedure: "tags.list"; input?: undefined }
  | { procedure: "training.mine"; input?: undefined }
  | { procedure: "signoffs.mine"; input: { courseId: number } }
  | { procedure: "assignments.list"; input: { courseId: number } }
  | { procedure: "lessons.signoff"; input: { lessonId: number } };

export type PageProcedure = PageCall["procedure"];

/** A page read by the id in its address, whose HTML carries its first answers. */
export interface RecordPage {
  /**
   * The router's id of the page's route (its file under client/routes without `.tsx`, `index` as a trailing
   * slash). The route file states it again, as the router's plugin needs it there; a unit test compares them.
   */
  routeId: string;
  /** The route parameter that holds the record's id. */
  param: string;
  /** The read of the page's record, by the id in the address. */
  record: (id: number) => PageCall;
  /**
   * Decision 0247: what the page's first render reads besides its record, given the record as the API
   * answered it and the person's role in the organization. Only reads made at once that stay small with
   * the organization (the member picker reads the team on demand).
   */
  following: (id: number, role: Role, record: unknown) => PageCall[];
}

/** Whether a lesson, as the API answered it, asks its learners for a sign-off. */
function requiresSignoff(record: unknown): boolean {
  return (
    typeof record === "object" && record !== null && "requiresSignoff" in record && Boolean(record.requiresSignoff)
  );
}

/** The course page and the lesson page (spec route table), by page name. */
export const RECORD_PAGES = {
  course: {
    routeId: "/$orgSlug/_org/courses/$courseId/",
    param: "courseId",
    record: (id) => ({ procedure: "courses.get", input: { id } }),
    following: (courseId, role) => [
      { procedure: "tags.list" },
      { procedure: "training.mine" },
      { procedure: "signoffs.mine", input: { courseId } },
      ...(can(role, "training.assign") ? [{ procedure: "assignments.list", input: { courseId } } as const] : []),
    ],
  },
  lesson: {
    routeId: "/$orgSlug/_org/lessons/$lessonId",
    param: "lessonId",
    record: (id) => ({ procedure: "lessons.get", input: { id } }),
    following: (lessonId, _role, record) =>
      requiresSignoff(record) ? [{ procedure: "lessons.signoff", input: { lessonId } }] : [],
  },
} as const satisfies Record<string, RecordPage>;

export type RecordPageName = keyof typeof RECORD_PAGES;

/** Every declared page with its name, in declaration order. */
export const RECORD_PAGE_LIST = Object.entries(RECORD_PAGES) as [RecordPageName, RecordPage][];

/** The route file of a route id: `client/routes` + the id, `index.tsx` for a trailing slash, else `.tsx`. */
export function routeFileOf(routeId: string): string {
  return `client/routes${routeId.endsWith("/") ? `${routeId}index` : routeId}.tsx`;
}

/**
 * The addresses of a page's route: its segments without the pathless ones (`_org`), the organization's
 * slug as the app writes it (lower case) and the record's id as a positive number of at most ten digits.
 * Another spelling (capitals, a leading zero) is not recognised: that page asks for its answers itself.
 * The groups `slug` and `id` hold the two.
 */
export function addressPatternOf(page: RecordPage): RegExp {
  const segments = page.routeId
    .split("/")
    .filter((segment) => segment !== "" && !segment.startsWith("_"))
    .map((segment) => {
      if (segment === "$orgSlug") return "(?<slug>[a-z0-9-]+)";
      if (segment === `$${page.param}`) return "(?<id>[1-9][0-9]{0,9})";
      if (/^[a-z-]+$/.test(segment)) return segment;
      throw new Error(`The page route ${page.routeId} has a segment its address pattern cannot read: ${segment}.`);
    });
  return new RegExp(`^/${segments.join("/")}$`);
}

import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { courseQuery, lessonQuery, parseId } from "#client/features/courses/queries.js";
import { lessonSignoffQuery, mySignoffsQuery } from "#client/features/signoff/queries.js";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { assignmentsQuery, myTrainingQuery } from "#client/features/training/queries.js";
import {
  type PageCall,
  type PageProcedure,
  RECORD_PAGES,
  type RecordPage,
  type RecordPageName,
} from "#shared/page-queries.js";
import type { Role } from "#shared/roles.js";

/**
 * Decision 0285: the course and lesson pages' routes load what shared/page-queries.ts declares for them,
 * the same declaration the server reads to answer those calls in the page's HTML (decisions 0220, 0247).
 */

type InputOf<P extends PageProcedure> = Extract<PageCall, { procedure: P }>["input"];

/** Each declarable read as the query the page's components read: the same key, freshness and retries. */
const QUERY_OF: { [P in PageProcedure]: (input: InputOf<P>) => { queryKey: QueryKey } } = {
  "courses.get": ({ id }) => courseQuery(id),
  "lessons.get": ({ id }) => lessonQuery(id),
  "tags.list": () => tagTreeQuery(),
  "training.mine": () => myTrainingQuery(),
  "signoffs.mine": ({ courseId }) => mySignoffsQuery(courseId),
  "assignments.list": ({ courseId }) => assignmentsQuery(courseId),
  "lessons.signoff": ({ lessonId }) => lessonSignoffQuery(lessonId),
};

function queryOf(call: PageCall): FetchQueryOptions {
  // The map pairs each procedure with its own input; TypeScript cannot follow that through a union.
  return (QUERY_OF[call.procedure] as (input: PageCall["input"]) => FetchQueryOptions)(call.input);
}

/** The page's declaration and the record id in its route's params, or null when the param cannot be one. */
function pageOf(page: RecordPageName, params: Readonly<Record<string, string>>): [RecordPage, number] | null {
  const declared: RecordPage = RECORD_PAGES[page];
  const id = parseId(params[declared.param] ?? "");
  return id === null ? null : [declared, id];
}

/**
 * For the page route's `staticData.pageQueries` (decision 0161): starts the query of the page's record,
 * when the address holds an id, and returns its key.
 */
export function startRecordQuery(page: RecordPageName) {
  return (queryClient: QueryClient, params: Readonly<Record<string, string>>): QueryKey[] => {
    const found = pageOf(page, params);
    if (!found) return [];
    const [declared, id] = found;
    const options = queryOf(declared.record(id));
    void queryClient.prefetchQuery(options);
    return [options.queryKey];
  };
}

function titleIn(record: unknown): string | undefined {
  return typeof record === "object" && record !== null && "title" in record && typeof record.title === "string"
    ? record.title
    : undefined;
}

/**
 * The page route's `loader`: waits for the page's record (the page is titled after it), then starts what
 * the page's first render reads besides, as declared for this role and record; the page does not wait for
 * those (its parts show their own loading state), but a page that came with its answers has them all
 * before its first render (`loadPageAnswers`, decision 0247). A record that fails leaves the page to its
 * own error state, with the product name as its title.
 */
export async function loadRecordPage(
  queryClient: QueryClient,
  page: RecordPageName,
  params: Readonly<Record<string, string>>,
  role: Role,
): Promise<{ title: string | undefined }> {
  const found = pageOf(page, params);
  if (!found) return { title: undefined };
  const [declared, id] = found;
  let record: unknown;
  try {
    record = await queryClient.ensureQueryData(queryOf(declared.record(id)));
  } catch {
    return { title: undefined };
  }
  for (const call of declared.following(id, role, record)) void queryClient.prefetchQuery(queryOf(call));
  return { title: titleIn(record) };
}

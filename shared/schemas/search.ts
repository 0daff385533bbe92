import { z } from "zod";
import { LIMITS } from "#shared/constants.js";
import { text } from "./common.js";

/** Texts of the search endpoint, shared by the server, client and tests. */
export const SEARCH_MESSAGES = {
  queryTooLong: `Search can be up to ${LIMITS.courseTitleMax} characters.`,
  limitInvalid: `Limit must be a whole number from 1 to ${LIMITS.searchResultsMax}.`,
} as const;

/** `GET /_api/search?q=&limit=`: a blank query is allowed and finds nothing. */
export const searchInput = z
  .object({
    q: text({ error: SEARCH_MESSAGES.queryTooLong })
      .max(LIMITS.courseTitleMax, SEARCH_MESSAGES.queryTooLong)
      .default(""),
    limit: z
      .number({ error: SEARCH_MESSAGES.limitInvalid })
      .int(SEARCH_MESSAGES.limitInvalid)
      .min(1, SEARCH_MESSAGES.limitInvalid)
      .max(LIMITS.searchResultsMax, SEARCH_MESSAGES.limitInvalid)
      .default(LIMITS.searchResultsDefault),
  })
  .prefault({});

/** A piece of a snippet: `match` pieces are what the query found. Plain text, never markup. */
export interface SnippetSegment {
  text: string;
  match: boolean;
}

type SearchResultType = "course" | "module" | "lesson";

export interface SearchResult {
  type: SearchResultType;
  /** The id of the course, module or lesson found. */
  id: number;
  courseId: number;
  /** Set for a lesson: the page a hit links to. */
  lessonId: number | null;
  title: string;
  /** The course a module or lesson belongs to (a course's own title for a course). */
  courseTitle: string;
  /** Where it matched in the description or lesson text; empty when only the title matched and there is none. */
  snippet: SnippetSegment[];
}

export interface SearchResponse {
  results: SearchResult[];
}

import type { SearchResponse } from "#shared/schemas/search.js";
import type { DocumentHit } from "./search-dialect.js";
import { snippetSegments } from "./search-text.rules.js";

/** GET /_api/search: the hits of search.data.ts, best first, each with its snippet's segments. */
export function presentSearch(hits: readonly DocumentHit[]): SearchResponse {
  return {
    results: hits.map((hit) => ({
      type: hit.kind,
      id: Number(hit.recordId),
      courseId: Number(hit.courseId),
      lessonId: hit.kind === "lesson" ? Number(hit.recordId) : null,
      title: hit.title,
      courseTitle: hit.courseTitle,
      snippet: snippetSegments(hit.snippet),
    })),
  };
}

import { searchShardTable } from "#server/modules/search/search-dialect.js";
import type { SearchResponse, SearchResult } from "#shared/schemas/search.js";
import type { TestApp } from "./app.js";
import type { ApiClient } from "./client.js";
import { ok } from "./org-fixtures.js";

/** Full-text search as a member calls it: `GET /_api/search`. */
export async function search(api: ApiClient, q: string, limit?: number): Promise<SearchResult[]> {
  const query: Record<string, string> = { q };
  if (limit !== undefined) query.limit = String(limit);
  return ok<SearchResponse>(await api.get("/_api/search", query)).results;
}

/** What a list of hits reads as: "type:title", best first. */
export function hitsOf(results: SearchResult[]): string[] {
  return results.map((result) => `${result.type}:${result.title}`);
}

/** The snippet as the text it shows, with the matched pieces in [brackets]. */
export function snippetText(result: SearchResult | undefined): string {
  return (result?.snippet ?? []).map((segment) => (segment.match ? `[${segment.text}]` : segment.text)).join("");
}

/**
 * The rows the search index holds for an organization, counted straight from the database: the
 * documents and, on SQLite, what the organization's FTS5 table itself finds for its token.
 */
export async function indexedRowsOf(app: TestApp, organizationId: number): Promise<{ documents: number; fts: number }> {
  const em = app.orm.em.fork();
  const [documents] = await em.execute<{ count: number | string }[]>(
    "select count(*) as count from search_documents where organization_id = ?",
    [organizationId],
  );
  if (app.config.databaseUrl) return { documents: Number(documents?.count), fts: Number(documents?.count) };
  const table = searchShardTable(organizationId);
  const [fts] = await em.execute<{ count: number }[]>(`select count(*) as count from ${table} where ${table} match ?`, [
    `tenant : "org${organizationId}"`,
  ]);
  return { documents: Number(documents?.count), fts: Number(fts?.count) };
}

import type { SqlEntityManager } from "@mikro-orm/knex";
import { canSeeDrafts } from "#server/modules/courses/index.js";
import { inScope, readRows, scopedOrganizationId } from "#server/platform/db/rows.js";
import type { Config } from "#server/platform/http/config.js";
import type { Role } from "#shared/roles.js";
import { dialectOf } from "../../../mikro-orm.config.js";
import { type DocumentHit, type DocumentQuery, documentQuery } from "./search-dialect.js";
import { parseSearchQuery } from "./search-text.rules.js";
import { translationDocumentQuery } from "./translation-search-dialect.js";

/**
 * Full-text search over the request's organization (docs/decisions/0060-full-text-search.md): the
 * search endpoint and the course list's search box both come here. The query finds the organization's
 * rows alone: it runs in the entity manager's scope (server/platform/db/rows.ts), like every raw read.
 */
export interface SearchScope {
  em: SqlEntityManager;
  config: Pick<Config, "databaseUrl">;
  role: Role;
}

async function findDocuments(
  scope: SearchScope,
  text: string,
  options: Pick<DocumentQuery, "kind" | "limit">,
): Promise<DocumentHit[]> {
  const terms = parseSearchQuery(text);
  if (terms.length === 0) return [];
  const dialect = dialectOf(scope.config);
  const query: DocumentQuery = {
    organizationId: scopedOrganizationId(scope.em),
    inOrganization: inScope("d"),
    terms,
    includeDrafts: canSeeDrafts(scope.role),
    ...options,
  };
  const source = documentQuery(dialect, query);
  const hits = await readRows<DocumentHit>(scope.em, source.sql, source.params);
  if (hits.length >= options.limit) return hits;
  // Then translated courses and lessons, each matched with its language's stemming (decision 0412); a
  // course or lesson found in its source already is not listed twice.
  const translated = translationDocumentQuery(dialect, { ...query, limit: options.limit });
  const found = new Set(hits.map((hit) => `${hit.kind}:${hit.recordId}`));
  for (const hit of await readRows<DocumentHit>(scope.em, translated.sql, translated.params)) {
    if (hits.length >= options.limit) break;
    const key = `${hit.kind}:${hit.recordId}`;
    if (found.has(key)) continue;
    found.add(key);
    hits.push(hit);
  }
  return hits;
}

/** The best `limit` courses, modules and lessons for what the member typed (search.presenter.ts shapes them). */
export function searchHits(scope: SearchScope, text: string, limit: number): Promise<DocumentHit[]> {
  return findDocuments(scope, text, { limit });
}

/** Not in the spec: the most courses the course list's search box narrows to. */
const COURSE_LIST_MATCHES = 1000;

/** The ids of the courses whose title and description together contain every word typed. */
export async function courseIdsMatching(scope: SearchScope, text: string): Promise<number[]> {
  const hits = await findDocuments(scope, text, { kind: "course", limit: COURSE_LIST_MATCHES });
  return hits.map((hit) => Number(hit.courseId));
}

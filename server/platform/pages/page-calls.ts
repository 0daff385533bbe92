import { addressPatternOf, type PageCall, RECORD_PAGE_LIST, type RecordPageName } from "#shared/page-queries.js";
import type { Role } from "#shared/roles.js";

/**
 * Which calls a course or lesson page's HTML answers (decisions 0220, 0247), derived from the pages'
 * declaration in shared/page-queries.ts, which the pages' route loaders read too (decision 0285).
 */

/** A page at a request's address: which one, the organization's slug and the record's id in it. */
export interface PageAtAddress {
  page: RecordPageName;
  slug: string;
  id: number;
  /** The read of the page's record. */
  record: PageCall;
  /** What the page's first render reads besides the record, for this role and the record as answered. */
  following: (role: Role, record: unknown) => PageCall[];
}

const ADDRESSES = RECORD_PAGE_LIST.map(([name, page]) => ({ name, page, pattern: addressPatternOf(page) }));

/** The record page at this path (no query), or null when it is none of them. */
export function pageAtAddress(pathname: string): PageAtAddress | null {
  for (const { name, page, pattern } of ADDRESSES) {
    const groups = pattern.exec(pathname)?.groups;
    if (groups?.slug === undefined || groups.id === undefined) continue;
    const id = Number(groups.id);
    return {
      page: name,
      slug: groups.slug,
      id,
      record: page.record(id),
      following: (role, record) => page.following(id, role, record),
    };
  }
  return null;
}

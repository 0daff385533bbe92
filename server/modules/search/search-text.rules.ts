import { Parser } from "htmlparser2";
import type { SnippetSegment } from "#shared/schemas/search.js";

/**
 * The text side of full-text search, the same on both databases: what a lesson's HTML says as plain
 * text, what a member's query asks for, and how a snippet's match markers become segments
 * (docs/decisions/0060-full-text-search.md).
 */

/**
 * The databases put these around each match in a snippet. They are control characters, which
 * `plainTextOf` and the other indexed text never contain (see `indexableText`), so a marker is always
 * one the database put there, never one from content.
 */
export const MATCH_START = "\u0002";
export const MATCH_END = "\u0003";

// Every control character but tab and newline: none is text anyone searches, and two are our markers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Text as the index stores it: no control characters, runs of white space as one space. */
function indexableText(text: string | null | undefined): string {
  return (text ?? "").replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
}

/** Inline elements join their text to the words around them; every other element separates words. */
const INLINE_ELEMENTS = new Set([
  "a",
  "abbr",
  "b",
  "code",
  "em",
  "i",
  "kbd",
  "mark",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "u",
]);

/**
 * The words of stored (sanitized) lesson HTML, entities decoded. `<p>one</p><p>two</p>` reads "one two",
 * never "onetwo"; nothing of a tag's attributes is kept, nor any script or style text.
 */
export function plainTextOf(html: string | null | undefined): string {
  if (!html) return "";
  const parts: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "script" || name === "style") hiddenDepth++;
        if (!INLINE_ELEMENTS.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        if (name === "script" || name === "style") hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (!INLINE_ELEMENTS.has(name)) parts.push(" ");
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return indexableText(parts.join(""));
}

/** One thing every match must contain: a word, or several words in this order (a phrase). */
export interface SearchTerm {
  words: string[];
  /** The last word may be the start of a longer one: the member is still typing it. */
  prefix: boolean;
}

/** Beyond this many terms a query asks for nothing more useful, only more work. */
const MAX_TERMS = 12;
/** A quoted phrase (its closing quote optional while typing) or a run of anything but space and quotes. */
const QUERY_PARTS = /"([^"]*)"?|[^\s"]+/g;
/** What both engines' tokenizers take for a word: letters and digits, in any script. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * What a member typed, as terms that all must match. Only runs of letters and digits survive, so no
 * character of the input ever reaches a full-text query's syntax; an input without any (only
 * punctuation, say) has no terms and matches nothing. `e-mail` and `"fire drill"` are phrases; the last
 * unquoted single word is a prefix.
 */
export function parseSearchQuery(input: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const part of input.matchAll(QUERY_PARTS)) {
    const words = (part[1] ?? part[0]).match(WORD);
    if (!words) continue;
    terms.push({ words: words.map((word) => word.toLowerCase()), prefix: false });
  }
  const last = terms.at(-1);
  const lastPart = [...input.matchAll(QUERY_PARTS)].at(-1)?.[0] ?? "";
  if (last && last.words.length === 1 && !lastPart.startsWith('"')) last.prefix = true;
  return terms.slice(0, MAX_TERMS);
}

/** A snippet with the database's match markers, as segments the client renders as text. */
export function snippetSegments(marked: string | null | undefined): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let match = false;
  for (const piece of (marked ?? "").split(new RegExp(`([${MATCH_START}${MATCH_END}])`))) {
    if (piece === MATCH_START) match = true;
    else if (piece === MATCH_END) match = false;
    else if (piece) {
      const previous = segments.at(-1);
      if (previous && previous.match === match) previous.text += piece;
      else segments.push({ text: piece, match });
    }
  }
  return segments;
}

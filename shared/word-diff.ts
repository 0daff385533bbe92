/**
 * A word-level diff of two texts for "what changed since you signed" (decision 0102): the longest common
 * subsequence of their words, as runs of kept, inserted and removed words. Whitespace is kept with the word
 * before it so that the pieces, joined, give back either text. Pure, for the browser and the tests.
 */
type DiffKind = "same" | "added" | "removed";

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** Words with their trailing whitespace; leading whitespace is a token of its own. */
function wordsOf(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}

/** Beyond this many word pairs a texts' table would be too big: the diff is then "all removed, all added". */
const MAX_CELLS = 4_000_000;

function pushPart(parts: DiffPart[], kind: DiffKind, text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** Compares words by their letters, so a word that only gained or lost a following space counts as kept. */
const keyOf = (word: string | undefined) => (word ?? "").trimEnd();

export function diffWords(before: string, after: string): DiffPart[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  // Common head and tail first: most edits touch a little of a long text.
  let start = 0;
  while (start < a.length && start < b.length && keyOf(a[start]) === keyOf(b[start])) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && keyOf(a[endA - 1]) === keyOf(b[endB - 1])) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  if (start > 0) pushPart(parts, "same", b.slice(0, start).join(""));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    if (midA.length > 0) pushPart(parts, "removed", midA.join(""));
    if (midB.length > 0) pushPart(parts, "added", midB.join(""));
  } else {
    for (const part of middleDiff(midA, midB)) pushPart(parts, part.kind, part.text);
  }
  if (endB < b.length) pushPart(parts, "same", b.slice(endB).join(""));
  return parts;
}

/** The LCS table, walked from the start: removals before additions where both happen at one place. */
function middleDiff(a: string[], b: string[]): DiffPart[] {
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  const cell = (i: number, j: number) => lengths[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        keyOf(a[i]) === keyOf(b[j]) ? cell(i + 1, j + 1) + 1 : Math.max(cell(i + 1, j), cell(i, j + 1));
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && keyOf(a[i]) === keyOf(b[j])) {
      parts.push({ kind: "same", text: b[j] ?? "" });
      i += 1;
      j += 1;
    } else if (j >= b.length || (i < a.length && cell(i + 1, j) >= cell(i, j + 1))) {
      parts.push({ kind: "removed", text: a[i] ?? "" });
      i += 1;
    } else {
      parts.push({ kind: "added", text: b[j] ?? "" });
      j += 1;
    }
  }
  return parts;
}

/**
 * The readable text of lesson HTML: block ends become line breaks, tags go, the common entities are
 * decoded. Good enough to compare two versions word by word; the page shows the real content below.
 */
export function textOfHtml(html: string | null): string {
  if (!html) return "";
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre|\/tr|\/div)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

import type { SnippetSegment } from "#shared/schemas/search.js";

/**
 * A search snippet: every segment is text (React escapes it), the matched ones marked. Content never
 * reaches the page as HTML here, whatever a lesson or description contains.
 */
export function SnippetText({ segments }: { segments: SnippetSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positions in one fixed text
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-semibold text-slate-900">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positions in one fixed text
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

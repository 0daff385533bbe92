import { useMemo } from "react";
import { cn } from "#client/lib/cn.js";
import { diffWords, textOfHtml } from "#shared/word-diff.js";

export interface DiffSide {
  title: string;
  content: string | null;
}

/**
 * The words of `after` with what changed since `before` marked: added words underlined on green, removed
 * words struck through on red. Titles are compared too. `<ins>` and `<del>` tell screen readers.
 */
export function ChangeDiff({ before, after, className }: { before: DiffSide; after: DiffSide; className?: string }) {
  const parts = useMemo(
    () =>
      diffWords(`${before.title}\n\n${textOfHtml(before.content)}`, `${after.title}\n\n${textOfHtml(after.content)}`),
    [before, after],
  );
  const changed = parts.some((part) => part.kind !== "same");
  return (
    <div className={cn("text-sm leading-relaxed whitespace-pre-wrap break-words text-slate-800", className)}>
      {!changed && <p className="mb-2 text-slate-500">The text is the same.</p>}
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === "added")
          return (
            <ins key={key} className="rounded-sm bg-emerald-100 text-emerald-900 underline decoration-emerald-500">
              {part.text}
            </ins>
          );
        if (part.kind === "removed")
          return (
            <del key={key} className="rounded-sm bg-red-100 text-red-800 decoration-red-500">
              {part.text}
            </del>
          );
        return <span key={key}>{part.text}</span>;
      })}
    </div>
  );
}

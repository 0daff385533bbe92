import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { BookOpen, FileText, Layers, Search } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { DialogOverlay, useReturnFocus } from "#client/components/ui/dialog.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { cn } from "#client/lib/cn.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import { useDebouncedValue } from "#client/lib/use-debounced-value.js";
import { FRESHNESS, LIMITS } from "#shared/constants.js";
import type { SearchResult } from "#shared/schemas/search.js";
import { SnippetText } from "./snippet-text.js";

/** Short: the palette answers while typing, one request per pause. */
const SEARCH_DEBOUNCE_MS = 150;

const TYPE_ICONS = { course: BookOpen, module: Layers, lesson: FileText } as const;
const TYPE_LABELS = { course: "Course", module: "Module", lesson: "Lesson" } as const;

/**
 * The search palette's dialog (search-palette.tsx): loaded when it first opens, so Radix's dialog stays out
 * of the first page's script (decision 0216). Escape, the "Esc" button and a click outside close it, and
 * focus goes back to where it was.
 */
export default function PaletteDialog({ orgSlug, onClose }: { orgSlug: string; onClose: () => void }) {
  const focusHandlers = useReturnFocus();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery(
    trpc.search.find.queryOptions(
      { q, limit: LIMITS.searchResultsDefault },
      { enabled: q !== "", staleTime: FRESHNESS.contentMs, placeholderData: keepPreviousData },
    ),
  );
  const results = q === "" ? [] : (search.data?.results ?? []);
  const optionId = (index: number) => `${listId}-option-${index}`;

  // A new list of hits starts at its best one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the hits change, which `search.data` stands for.
  useEffect(() => setActive(0), [search.data]);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const openHit = (hit: SearchResult) => {
    onClose();
    if (hit.lessonId !== null) {
      void navigate({ to: "/$orgSlug/lessons/$lessonId", params: { orgSlug, lessonId: String(hit.lessonId) } });
    } else {
      void navigate({ to: "/$orgSlug/courses/$courseId", params: { orgSlug, courseId: String(hit.courseId) } });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(results.length - 1, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: results.length - 1,
    };
    const move = moves[event.key];
    if (move !== undefined && (event.key.startsWith("Arrow") || event.ctrlKey)) {
      event.preventDefault();
      setActive(move);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const hit = results[active];
      if (hit) openHit(hit);
    }
  };

  const status =
    q === ""
      ? "Type a word from a course, module or lesson."
      : search.isError && !search.data
        ? errorMessage(search.error, "Search failed.")
        : search.isPending
          ? "Searching…"
          : results.length === 0
            ? `Nothing matches "${q}".`
            : `${results.length} result${results.length === 1 ? "" : "s"}. Use the arrow keys and Enter to open one.`;

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          className={cn(
            "fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2",
            "flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none sm:top-[12vh]",
          )}
          aria-describedby={undefined}
          onCloseAutoFocus={focusHandlers.onCloseAutoFocus}
        >
          {focusHandlers.recorder}
          <DialogPrimitive.Title className="sr-only">Search</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4">
            <Search className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            <input
              type="text"
              inputMode="search"
              enterKeyHint="go"
              role="combobox"
              aria-label="Search courses and lessons"
              aria-expanded={results.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
              placeholder="Search courses and lessons..."
              className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
              maxLength={LIMITS.courseTitleMax}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              // biome-ignore lint/a11y/noAutofocus: the palette exists to be typed into the moment it opens.
              autoFocus
            />
            {search.isFetching && <Spinner size="sm" label="Searching" />}
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="sm" className="shrink-0 px-2 text-xs text-slate-500">
                Esc
                <span className="sr-only">, close search</span>
              </Button>
            </DialogPrimitive.Close>
          </div>
          <div id={listId} role="listbox" aria-label="Search results" className="min-h-0 flex-1 overflow-y-auto p-2">
            {results.map((hit, index) => (
              <ResultOption
                key={`${hit.type}-${hit.id}`}
                id={optionId(index)}
                hit={hit}
                selected={index === active}
                onPoint={() => setActive(index)}
                onOpen={() => openHit(hit)}
              />
            ))}
          </div>
          <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500" aria-live="polite">
            {status}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

interface ResultOptionProps {
  id: string;
  hit: SearchResult;
  selected: boolean;
  onPoint: () => void;
  onOpen: () => void;
}

function ResultOption({ id, hit, selected, onPoint, onOpen }: ResultOptionProps) {
  const Icon = TYPE_ICONS[hit.type];
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works the combobox, which points here through aria-activedescendant.
    <div
      id={id}
      role="option"
      // Focus stays in the field (aria-activedescendant); -1 keeps the option out of the Tab order.
      tabIndex={-1}
      aria-selected={selected}
      onMouseMove={onPoint}
      onClick={onOpen}
      className={cn(
        "flex cursor-pointer gap-3 rounded-lg px-3 py-2.5",
        selected ? "bg-brand-50 ring-1 ring-brand-500/40" : "hover:bg-slate-50",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{hit.title}</p>
        <p className="truncate text-xs text-slate-600">
          {TYPE_LABELS[hit.type]}
          {hit.type !== "course" && ` in ${hit.courseTitle}`}
        </p>
        {hit.snippet.length > 0 && (
          <p className="mt-1 line-clamp-2 text-xs break-words text-slate-600">
            <SnippetText segments={hit.snippet} />
          </p>
        )}
      </div>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Languages } from "lucide-react";
import { Button } from "#client/components/ui/button.js";
import { trpc } from "#client/lib/trpc.js";
import { FRESHNESS } from "#shared/constants.js";
import { CONTENT_LANGUAGE_NAMES, CONTENT_LANGUAGES, type ContentLanguage } from "#shared/content-languages.js";

/**
 * A lesson in the reader's language (docs/decisions/0413-lesson-in-the-readers-language.md): where a
 * current translation exists the page shows it, with a switch to the original; where it is out of date,
 * the original with a note.
 */

/**
 * The content language to ask for: the browser's first that content may be translated into, when it is
 * not English, which the original is taken to be written in until organizations name their language.
 */
export function readerContentLanguage(languages: readonly string[] = navigator.languages): ContentLanguage | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split("-")[0];
    const found = CONTENT_LANGUAGES.find((language) => language === primary);
    if (found) return found === "en" ? null : found;
  }
  return null;
}

/** lessons/get in `language` (not asked without one). */
export function useLessonInLanguage(lessonId: number | null, language: ContentLanguage | null) {
  return useQuery({
    ...trpc.lessons.get.queryOptions(
      { id: lessonId ?? 0, ...(language ? { language } : {}) },
      { staleTime: FRESHNESS.contentMs },
    ),
    enabled: lessonId !== null && language !== null,
  });
}

interface LanguageAnswer {
  language?: ContentLanguage | null;
  translation?: { language: ContentLanguage; version: number; outdated: boolean } | null;
}

/** Above the lesson: which language it is shown in and the switch, or why the original is shown. */
export function LessonLanguageBar({
  answer,
  showingOriginal,
  onShowOriginal,
}: {
  answer: LanguageAnswer | undefined;
  showingOriginal: boolean;
  onShowOriginal: (original: boolean) => void;
}) {
  const translation = answer?.translation;
  if (!translation) return null;
  const name = CONTENT_LANGUAGE_NAMES[translation.language];
  if (translation.outdated) {
    return (
      <p
        role="note"
        className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
      >
        <Languages className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        The {name} translation is out of date: this lesson changed since it was translated. It is shown in its original
        language until the translation is updated.
      </p>
    );
  }
  return (
    <section
      aria-label="Language"
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200"
    >
      <Languages className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span lang={showingOriginal ? undefined : translation.language}>
        {showingOriginal ? `Shown in its original language.` : `Shown in ${name}.`}
      </span>
      <Button variant="outline" size="sm" onClick={() => onShowOriginal(!showingOriginal)}>
        {showingOriginal ? `Read in ${name}` : "Show the original"}
      </Button>
    </section>
  );
}

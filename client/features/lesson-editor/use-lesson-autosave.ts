import { useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { courseReaders } from "#client/features/courses/queries.js";
import { lessonDraftQuery, revisionReaders } from "#client/features/document-control/queries.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc, trpcClient } from "#client/lib/trpc.js";
import { updateLessonInput } from "#shared/schemas/courses.js";

/** What the author edits on the page; content is the editor's HTML ("" for none). */
export interface LessonDraft {
  title: string;
  content: string;
  videoUrl: string;
}

/** The lesson as stored, with the version a save must name. */
export interface StoredLesson extends LessonDraft {
  version: number;
}

export type SaveState =
  | { kind: "saved" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "failed"; message: string }
  /** Someone else saved first: nothing more is saved until the author keeps theirs or takes the other. */
  | { kind: "conflict"; theirs: StoredLesson };

/** How long after the last keystroke the draft is saved. */
const AUTOSAVE_DELAY_MS = 800;

function sameDraft(a: LessonDraft, b: LessonDraft): boolean {
  return a.title === b.title && a.content === b.content && a.videoUrl === b.videoUrl;
}

function isConflict(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "code" in data && data.code === "CONFLICT";
}

export function storedLesson(lesson: {
  title: string;
  content: string | null;
  videoUrl: string | null;
  version: number;
}): StoredLesson {
  return {
    title: lesson.title,
    content: lesson.content ?? "",
    videoUrl: lesson.videoUrl ?? "",
    version: lesson.version,
  };
}

/**
 * Saves a lesson's draft a moment after the author stops typing, and at once when asked (leaving the page).
 * Every save names the version it is based on; a refused one (409) fetches the newer lesson and waits for
 * the author's choice: nothing is ever overwritten blindly, and nothing typed is dropped while a save runs.
 */
export function useLessonAutosave(lessonId: number, loaded: StoredLesson, drafting: boolean) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ kind: "saved" });
  const draft = useRef<LessonDraft>(loaded);
  /** What the server holds as far as this page knows, and its version. */
  const saved = useRef<StoredLesson>(loaded);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const conflict = useRef(false);

  const saveOnce = useCallback(async (): Promise<boolean> => {
    const sending = draft.current;
    if (sameDraft(sending, saved.current)) {
      setState({ kind: "saved" });
      return true;
    }
    const input = { id: lessonId, ...sending, version: saved.current.version, ...(drafting ? { draft: true } : {}) };
    const checked = updateLessonInput.safeParse(input);
    if (!checked.success) {
      setState({ kind: "failed", message: checked.error.issues[0]?.message ?? "Check the lesson's fields." });
      return false;
    }
    setState({ kind: "saving" });
    try {
      const answer = await trpcClient.lessons.update.mutate(input);
      saved.current = { ...sending, version: answer.version };
      for (const queryKey of [...courseReaders(), trpc.courses.structure.pathKey(), ...revisionReaders()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      if (!sameDraft(draft.current, sending)) return await saveOnce();
      setState({ kind: "saved" });
      return true;
    } catch (error) {
      if (isConflict(error)) {
        conflict.current = true;
        try {
          const fresh = await queryClient.fetchQuery({
            ...trpc.lessons.get.queryOptions({ id: lessonId }),
            staleTime: 0,
          });
          // On a published course the other save was to the draft: theirs is the draft's text.
          const theirs = drafting ? await queryClient.fetchQuery(lessonDraftQuery(lessonId)) : null;
          setState({ kind: "conflict", theirs: storedLesson(theirs ?? fresh) });
        } catch (loadError) {
          setState({ kind: "failed", message: errorMessage(loadError, "This lesson was changed by someone else.") });
        }
        return false;
      }
      setState({ kind: "failed", message: errorMessage(error, "Check your connection; saving again soon.") });
      return false;
    }
  }, [lessonId, queryClient, drafting]);

  /** Saves now (after any save still running); true when the draft is stored. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (conflict.current) return false;
    while (running.current) await running.current;
    const run = saveOnce().finally(() => {
      running.current = null;
    });
    running.current = run;
    return run;
  }, [saveOnce]);

  const change = useCallback(
    (patch: Partial<LessonDraft>) => {
      draft.current = { ...draft.current, ...patch };
      if (conflict.current) return;
      setState(sameDraft(draft.current, saved.current) ? { kind: "saved" } : { kind: "pending" });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    },
    [saveNow],
  );

  /** The author's text wins: saved again on top of the newer version. */
  const keepMine = useCallback(
    (theirs: StoredLesson) => {
      conflict.current = false;
      saved.current = { ...saved.current, version: theirs.version };
      void saveNow();
    },
    [saveNow],
  );

  /** The other text wins: it becomes the draft (the page shows it) and nothing needs saving. */
  const takeTheirs = useCallback((theirs: StoredLesson) => {
    conflict.current = false;
    saved.current = theirs;
    draft.current = { title: theirs.title, content: theirs.content, videoUrl: theirs.videoUrl };
    setState({ kind: "saved" });
  }, []);

  const hasUnsaved = useCallback(() => !sameDraft(draft.current, saved.current), []);

  /** A save made beside the autosave (sign-off settings, decision 0102) moved the version on: later saves name it. */
  const savedVersion = useCallback(() => saved.current.version, []);
  const adoptVersion = useCallback((version: number) => {
    saved.current = { ...saved.current, version };
  }, []);

  // Leaving the tab or closing it: save what is there without waiting for the pause.
  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === "hidden" && hasUnsaved()) void saveNow();
    };
    const onPageHide = () => {
      if (hasUnsaved()) void saveNow();
    };
    document.addEventListener("visibilitychange", flush);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", flush);
      window.removeEventListener("pagehide", onPageHide);
      clearTimeout(timer.current);
    };
  }, [hasUnsaved, saveNow]);

  return { state, change, saveNow, keepMine, takeTheirs, hasUnsaved, draft, savedVersion, adoptVersion };
}

import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FileSignature, History } from "lucide-react";
import { useId, useState } from "react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "#client/components/ui/dialog.js";
import { Input } from "#client/components/ui/input.js";
import { trpcClient } from "#client/lib/trpc.js";
import { SIGNOFF_MESSAGES, SIGNOFF_SUMMARY_MAX } from "#shared/signoff-texts.js";
import { signoffReaders } from "./queries.js";

/** What the panel needs of the editor's autosave (client/features/lesson-editor/use-lesson-autosave.ts). */
export interface AutosaveLink {
  saveNow: () => Promise<boolean>;
  savedVersion: () => number;
  adoptVersion: (version: number) => void;
}

const UNSAVED = "Your latest changes could not be saved yet. Try again in a moment.";

/**
 * The lesson editor's sign-off settings (decision 0102). Autosaves are minor changes; a material
 * change is published on purpose, with a one-line summary, once what was typed is saved: it records the
 * text as it stands as a new version and asks everyone who signed to sign again.
 */
export function SignoffEditorPanel({
  orgSlug,
  lessonId,
  initiallyRequired,
  autosave,
  drafting,
}: {
  orgSlug: string;
  lessonId: number;
  initiallyRequired: boolean;
  autosave: AutosaveLink;
  /** A published course's text goes to its draft: material or not is chosen when its changes are published. */
  drafting: boolean;
}) {
  const [required, setRequired] = useState(initiallyRequired);
  const [publishing, setPublishing] = useState(false);
  const [summary, setSummary] = useState("");
  const ids = { toggle: useId(), summary: useId() };

  /** Saves what is typed, then this change on top of it, and lets the autosave continue from there. */
  const saveBeside = async (change: { requiresSignoff?: boolean; change?: "material"; changeSummary?: string }) => {
    if (!(await autosave.saveNow())) throw new Error(UNSAVED);
    // Beside a draft, the setting changes the lesson itself, whose version the draft's saves do not name.
    const answer = await trpcClient.lessons.update.mutate({
      id: lessonId,
      ...(drafting ? {} : { version: autosave.savedVersion() }),
      ...change,
    });
    if (!drafting) autosave.adoptVersion(answer.version);
    return answer;
  };

  const toggle = useMutation({
    mutationFn: (next: boolean) => saveBeside({ requiresSignoff: next }),
    // The box shows the choice at once; a failed save puts it back.
    onMutate: (next) => setRequired(next),
    onError: (_error, next) => setRequired(!next),
    meta: {
      success: "Sign-off setting saved.",
      failure: "Failed to change the sign-off setting.",
      invalidates: signoffReaders(),
    },
  });
  const publish = useMutation({
    mutationFn: (changeSummary: string) => saveBeside({ change: "material", changeSummary }),
    onSuccess: () => {
      setPublishing(false);
      setSummary("");
    },
    meta: {
      success: "Material change published. Everyone who signed will be asked to sign again.",
      failure: "Failed to publish the material change.",
      invalidates: signoffReaders(),
    },
  });

  return (
    <section aria-label="Sign-off" className="mt-5 rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label htmlFor={ids.toggle} className="flex items-start gap-2.5 text-sm">
          <input
            id={ids.toggle}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            checked={required}
            disabled={toggle.isPending}
            onChange={(event) => toggle.mutate(event.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-900">Requires sign-off</span>
            <span className="block text-slate-600">
              Members complete it by signing that they read and understood it.
            </span>
          </span>
        </label>
        {required && (
          <div className="flex flex-wrap gap-2">
            <Link
              to="/$orgSlug/lessons/$lessonId/history"
              params={{ orgSlug, lessonId: String(lessonId) }}
              className={buttonClassName({ variant: "outline", size: "sm" })}
            >
              <History aria-hidden="true" />
              Version history
            </Link>
            {!drafting && (
              <Button size="sm" onClick={() => setPublishing(true)}>
                <FileSignature aria-hidden="true" />
                Publish material change
              </Button>
            )}
          </div>
        )}
      </div>
      {required && (
        <p className="mt-2 text-xs text-slate-500">
          {drafting
            ? "When the course's changes are published, you choose whether this one is material: everyone signs again."
            : "Saves as you type are minor changes (wording, typos): signatures stay valid."}
        </p>
      )}
      <Dialog open={publishing} onOpenChange={(open) => !publish.isPending && setPublishing(open)}>
        <DialogContent>
          <DialogTitle>Publish material change</DialogTitle>
          <DialogDescription>
            The procedure changed: everyone who signed an earlier version will see what changed and sign again.
          </DialogDescription>
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (summary.trim()) publish.mutate(summary.trim());
            }}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.summary} className="text-sm font-medium text-slate-800">
                What changed (one line)
              </label>
              <Input
                id={ids.summary}
                value={summary}
                maxLength={SIGNOFF_SUMMARY_MAX}
                placeholder="e.g. Test for zero energy before starting work"
                onChange={(event) => setSummary(event.target.value)}
              />
              {!summary.trim() && <p className="text-xs text-slate-500">{SIGNOFF_MESSAGES.summaryRequired}</p>}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setPublishing(false)} disabled={publish.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={publish.isPending} disabled={!summary.trim()}>
                Publish
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}

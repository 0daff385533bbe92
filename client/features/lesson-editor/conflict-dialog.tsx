import { Button } from "#client/components/ui/button.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.js";
import { LessonContent } from "#client/features/courses/lesson-body.js";
import { COURSE_MESSAGES } from "#shared/course-texts.js";
import type { StoredLesson } from "./use-lesson-autosave.js";

export interface ConflictDialogProps {
  theirs: StoredLesson | null;
  onKeepMine: (theirs: StoredLesson) => void;
  onTakeTheirs: (theirs: StoredLesson) => void;
}

/**
 * Someone else saved the lesson first. Shows their version and waits for a choice: closing it without one
 * is not offered, as that would leave the author typing into a lesson that will not save.
 */
export function ConflictDialog({ theirs, onKeepMine, onTakeTheirs }: ConflictDialogProps) {
  return (
    <Dialog open={theirs !== null}>
      <DialogContent
        className="max-w-3xl"
        hideCloseButton
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{COURSE_MESSAGES.lessonChanged}</DialogTitle>
          <DialogDescription>
            This is the newer version. Keep yours to save it over this one, or use this one and drop your changes since
            your last save.
          </DialogDescription>
        </DialogHeader>
        {theirs && (
          <section
            aria-label="The newer version"
            className="max-h-[50vh] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4"
          >
            <h3 className="text-lg font-semibold text-slate-900">{theirs.title}</h3>
            {theirs.videoUrl && <p className="mt-1 text-sm break-all text-slate-600">Video: {theirs.videoUrl}</p>}
            <div className="mt-3">
              {theirs.content ? (
                <LessonContent html={theirs.content} />
              ) : (
                <p className="text-sm text-slate-500">No written content.</p>
              )}
            </div>
          </section>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => theirs && onTakeTheirs(theirs)}>
            Use Their Version
          </Button>
          <Button onClick={() => theirs && onKeepMine(theirs)}>Keep My Version</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

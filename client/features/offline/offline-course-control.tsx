import { CircleCheck, Download, X } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { toast } from "#client/lib/toast.js";
import { pageOrganizationId } from "#client/lib/trpc.js";
import { saveCourseForOffline, stopSavingCourse } from "./save-course.js";
import { useOfflineSnapshot } from "./use-offline.js";

const OFFLINE_COURSE_TEXT = {
  save: "Make available offline",
  saved: "Available offline",
  remove: "Stop keeping offline",
  note: "Lesson text and uploaded images are saved on this device. Videos from other sites need a connection.",
  failed: "The course could not be saved for offline use. Check the connection and try again.",
} as const;

/** The course page's "Make available offline" (decision 0141), and what it has done. */
export function OfflineCourseControl({ courseId }: { courseId: number }) {
  const { pages, loaded } = useOfflineSnapshot();
  const [saving, setSaving] = useState(false);
  const orgId = pageOrganizationId();
  if (orgId === undefined || typeof indexedDB === "undefined") return null;
  const note = <p className="text-xs text-slate-500">{OFFLINE_COURSE_TEXT.note}</p>;
  // The device's records are read after the page has rendered: the control's place is kept meanwhile, so
  // the course's progress and modules below it do not move down when it appears (a layout shift).
  if (!loaded) {
    return (
      <div className="flex flex-col gap-1.5">
        <Skeleton className="h-10 w-56" />
        {note}
      </div>
    );
  }
  const saved = pages.some(
    (page) => page.kind === "course" && page.id === courseId && page.orgId === orgId && page.saved,
  );

  async function save(organization: number) {
    setSaving(true);
    try {
      const lessons = await saveCourseForOffline(organization, courseId);
      toast.success(`Saved for offline use: ${lessons} ${lessons === 1 ? "lesson" : "lessons"}.`);
    } catch {
      toast.error(OFFLINE_COURSE_TEXT.failed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      {saved ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700">
            <CircleCheck className="size-4" aria-hidden="true" />
            {OFFLINE_COURSE_TEXT.saved}
          </span>
          <Button variant="ghost" size="sm" onClick={() => void stopSavingCourse(orgId, courseId)}>
            <X aria-hidden="true" />
            {OFFLINE_COURSE_TEXT.remove}
          </Button>
        </div>
      ) : (
        <Button variant="outline" className="self-start" loading={saving} onClick={() => void save(orgId)}>
          {!saving && <Download aria-hidden="true" />}
          {OFFLINE_COURSE_TEXT.save}
        </Button>
      )}
      {note}
    </div>
  );
}

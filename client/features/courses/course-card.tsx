import { CalendarClock, CalendarDays, UserX } from "lucide-react";
import { Card } from "#client/components/ui/card.js";
import { ProgressBar } from "#client/components/ui/progress-bar.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { CourseSetupNote } from "#client/features/training/course-setup.js";
import { dueText } from "#client/features/training/deadline.js";
import type { TrainingItem } from "#client/features/training/queries.js";
import { formatDate } from "#client/lib/dates.js";
import { LIMITS } from "#shared/constants.js";
import { progressPercent } from "#shared/progress.js";
import { CourseHeading } from "./course-heading.js";
import { lessonsText } from "./course-progress.js";
import { CourseTagList, StatusBadge } from "./course-tags.js";
import type { CourseListItem } from "./types.js";
import { useCan } from "./use-org-role.js";

/** One course in the list grid, one click target as a whole (CourseHeading's "card"). */
export interface CourseCardProps {
  course: CourseListItem;
  orgSlug: string;
  /** The caller's own progress, when the course is part of their training. */
  training?: TrainingItem | undefined;
}

export function CourseCard({ course, orgSlug, training }: CourseCardProps) {
  return (
    <Card className="relative flex h-full flex-col gap-3 p-5 transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <CourseHeading
        orgSlug={orgSlug}
        courseId={course.id}
        title={course.title}
        variant="card"
        badge={<StatusBadge status={course.status} />}
      />
      {course.description ? (
        <p className="line-clamp-3 text-sm break-words text-slate-600">{course.description}</p>
      ) : (
        <p className="text-sm text-slate-500 italic">No description</p>
      )}
      <CourseTagList tags={course.tags} max={LIMITS.courseCardTags} />
      <AudienceNote course={course} />
      {training && <CardProgress title={course.title} training={training} />}
      <p className="mt-auto flex items-center gap-1.5 pt-1 text-xs text-slate-500">
        <CalendarDays className="size-3.5" aria-hidden="true" />
        Created <time dateTime={course.createdAt.toISOString()}>{formatDate(course.createdAt)}</time>
      </p>
    </Card>
  );
}

/** How far the caller is with the course: the course page's figures, small. */
function CardProgress({ title, training }: { title: string; training: TrainingItem }) {
  const progress = {
    completed: training.completedLessons,
    total: training.totalLessons,
    percent: progressPercent(training.completedLessons, training.totalLessons),
  };
  const text = lessonsText(progress);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="flex items-baseline justify-between gap-2 text-xs text-slate-600">
        <span>{text}</span>
        <span className="font-semibold tabular-nums text-slate-800">{progress.percent}%</span>
      </p>
      <ProgressBar
        value={progress.percent}
        size="sm"
        label={`${title} progress`}
        valueText={`${progress.percent}%, ${text}`}
      />
    </div>
  );
}

/**
 * The library shows every published course (decision 0045); the card says whether it is the reader's training
 * (required, with their deadline) or outside their audience.
 */
function AudienceNote({ course }: { course: CourseListItem }) {
  const manages = useCan("training.assign");
  if (manages) return <ManagerNote course={course} />;
  if (course.status !== "published") return null;
  if (!course.assignedToMe) {
    return (
      <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        <UserX className="size-3.5" aria-hidden="true" />
        Not assigned to you
      </p>
    );
  }
  if (!course.required) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs font-medium text-brand-700">
      <CalendarClock className="size-3.5" aria-hidden="true" />
      Required{course.dueAt && <span className="font-normal text-slate-600">· {dueText(course.dueAt)}</span>}
    </p>
  );
}

/**
 * Those who set courses up see what they set (audience and deadline); their own part only when the course
 * is theirs to take too, with their own deadline.
 */
function ManagerNote({ course }: { course: CourseListItem }) {
  const mine = course.status === "published" && course.assignedToMe;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <CourseSetupNote course={course} />
      {mine && (
        <p className="pl-5 text-slate-600">
          Assigned to you{course.required && course.dueAt ? ` · ${dueText(course.dueAt)}` : ""}
        </p>
      )}
    </div>
  );
}

export function CourseCardSkeleton() {
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-4/5" />
      <div className="flex gap-1.5">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="mt-auto h-3 w-28" />
    </Card>
  );
}

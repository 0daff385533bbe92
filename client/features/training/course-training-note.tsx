import { CalendarCheck, CalendarClock, Info } from "lucide-react";
import { useCan } from "#client/features/courses/use-org-role.js";
import { useConnection } from "#client/features/offline/connection.js";
import { formatDate } from "#client/lib/dates.js";
import { type CourseSetupFacts, CourseSetupNote } from "./course-setup.js";
import { dueText } from "./deadline.js";
import { trainingItemOf, useMyTraining } from "./queries.js";
import { TrainingStatusBadge } from "./status.js";

export interface CourseTrainingFacts extends CourseSetupFacts {
  id: number;
  status: "draft" | "published";
  required: boolean;
  assignedToMe: boolean;
  dueAt: Date | null;
}

/**
 * On the course page, what this course is for the caller (decision 0045): required or optional, their own
 * deadline and status, when they completed it, or that it is outside their audience.
 */
export function CourseTrainingNote({ course }: { course: CourseTrainingFacts }) {
  // Admins and managers see how they set the course up, and their own part only when it is theirs too.
  const manages = useCan("training.assign");
  if (!manages) return <OwnTrainingNote course={course} />;
  return (
    <div className="flex flex-col gap-2">
      <CourseSetupNote course={course} className="text-sm" />
      {course.status === "published" && course.assignedToMe && <OwnTrainingNote course={course} />}
    </div>
  );
}

function OwnTrainingNote({ course }: { course: CourseTrainingFacts }) {
  const training = useMyTraining();
  // Offline, the status is the server's last word, older than the progress the device shows (decision 0293).
  const online = useConnection() === "online";
  if (course.status !== "published") return null;
  if (!course.assignedToMe) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Info className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        Not assigned to you. You can still take it.
      </p>
    );
  }
  const item = trainingItemOf(training.data, course.id);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-700">
      <span className="font-medium">{course.required ? "Required for you" : "Optional for you"}</span>
      {item && online && <TrainingStatusBadge status={item.status} />}
      {item?.completedAt ? (
        <span className="flex items-center gap-1.5 text-emerald-800">
          <CalendarCheck className="size-4" aria-hidden="true" />
          Completed <time dateTime={item.completedAt.toISOString()}>{formatDate(item.completedAt)}</time>
        </span>
      ) : (
        // An empty course is completed with no date (decision 0190): no deadline is left to show.
        item?.status !== "completed" &&
        course.dueAt && (
          <span className="flex items-center gap-1.5">
            <CalendarClock className="size-4" aria-hidden="true" />
            {dueText(course.dueAt)}
          </span>
        )
      )}
    </p>
  );
}

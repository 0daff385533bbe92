import { Link } from "@tanstack/react-router";
import { BookOpen, GraduationCap } from "lucide-react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ProgressBar } from "#client/components/ui/progress-bar.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { certificateDay } from "#client/features/certificates/certificate-status.js";
import { CourseHeading } from "#client/features/courses/course-heading.js";
import { ResumeLink } from "#client/features/courses/resume-link.js";
import { ResignNotice } from "#client/features/signoff/resign-notice.js";
import { formatDate } from "#client/lib/dates.js";
import { errorMessage, needsConnection } from "#client/lib/errors.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { progressPercent } from "#shared/progress.js";
import { CERTIFICATE_STATUS_LABELS } from "#shared/schemas/certificates.js";
import { dueText } from "./deadline.js";
import { type TrainingItem, useMyTraining } from "./queries.js";
import { TrainingStatusBadge } from "./status.js";
import { TrainingOnDevice } from "./training-on-device.js";

/**
 * The dashboard's "My training" (decision 0045), for everyone: the courses the caller must take, each with its
 * status, deadline, progress and a way straight back in; then the optional ones of their audience.
 */
export function MyTraining({ orgSlug }: { orgSlug: string }) {
  const training = useMyTraining();
  useScreenReady("dashboard", training.isSuccess);

  return (
    <section aria-labelledby="my-training-heading" className="flex flex-col gap-4">
      <h2 id="my-training-heading" className="text-lg font-semibold tracking-tight text-slate-900">
        My training
      </h2>
      <ResignNotice orgSlug={orgSlug} />
      {training.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <output className="sr-only">Loading your training</output>
          <Skeleton className="h-28 w-full rounded-xl" />
          <Skeleton className="h-28 w-full rounded-xl" />
        </div>
      ) : training.isError && needsConnection(training.error) ? (
        <TrainingOnDevice orgSlug={orgSlug} />
      ) : training.isError ? (
        <Card className="flex flex-col items-start gap-3 p-5">
          <p className="text-sm text-red-700">{errorMessage(training.error, "Could not load your training.")}</p>
          <Button variant="outline" size="sm" onClick={() => void training.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : training.data.assigned.length === 0 && training.data.optional.length === 0 ? (
        <NothingToDo orgSlug={orgSlug} />
      ) : (
        <>
          <h3 className="text-sm font-semibold text-slate-700">Assigned to you</h3>
          {training.data.assigned.length > 0 ? (
            <TrainingList label="Assigned to you" items={training.data.assigned} orgSlug={orgSlug} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">
              No required training for you right now.
            </p>
          )}
          {training.data.optional.length > 0 && (
            <>
              <h3 className="mt-2 text-sm font-semibold text-slate-700">Optional courses</h3>
              <TrainingList label="Optional courses" items={training.data.optional} orgSlug={orgSlug} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function TrainingList({ label, items, orgSlug }: { label: string; items: TrainingItem[]; orgSlug: string }) {
  return (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.courseId}>
          <TrainingCard item={item} orgSlug={orgSlug} />
        </li>
      ))}
    </ul>
  );
}

function TrainingCard({ item, orgSlug }: { item: TrainingItem; orgSlug: string }) {
  const percent = progressPercent(item.completedLessons, item.totalLessons);
  const lessons = `${item.completedLessons} of ${item.totalLessons} lessons`;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-5 sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <CourseHeading
          orgSlug={orgSlug}
          courseId={item.courseId}
          title={item.title}
          variant="row"
          badge={<TrainingStatusBadge status={item.status} />}
        />
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
          <CompletionOrDeadline item={item} />
          <span className="tabular-nums">{lessons}</span>
          {item.certificate && <CertificateNote certificate={item.certificate} />}
        </p>
        <ProgressBar value={percent} label={`${item.title} progress`} valueText={`${percent}%, ${lessons}`} size="sm" />
      </div>
      {item.nextLessonId !== null ? (
        <ResumeLink
          orgSlug={orgSlug}
          courseTitle={item.title}
          lessonId={item.nextLessonId}
          started={item.completedLessons > 0}
          variant={item.status === "completed" ? "outline" : "primary"}
          className="self-start sm:self-center"
        />
      ) : (
        <Link
          to="/$orgSlug/courses/$courseId"
          params={{ orgSlug, courseId: String(item.courseId) }}
          aria-label={`View course: ${item.title}`}
          className={buttonClassName({ variant: "outline", size: "sm", className: "self-start sm:self-center" })}
        >
          View course
        </Link>
      )}
    </Card>
  );
}

/** The caller's certificate of a certification course (decision 0312): its status and when it expires. */
function CertificateNote({ certificate }: { certificate: NonNullable<TrainingItem["certificate"]> }) {
  const expiry = certificate.expiresAt ? `, expires ${certificateDay(certificate.expiresAt)}` : "";
  return (
    <span className={certificate.status === "valid" ? undefined : "font-medium text-amber-800"}>
      Certificate: {CERTIFICATE_STATUS_LABELS[certificate.status]}
      {certificate.status === "revoked" ? "" : expiry}
    </span>
  );
}

/** When it was completed; else its deadline. An empty course is completed with no date and shows neither (0190). */
function CompletionOrDeadline({ item }: { item: TrainingItem }) {
  if (item.completedAt) {
    return (
      <span>
        Completed <time dateTime={item.completedAt.toISOString()}>{formatDate(item.completedAt)}</time>
      </span>
    );
  }
  if (item.status === "completed") return null;
  if (item.dueAt) {
    return (
      <span className={item.status === "overdue" ? "font-medium text-red-700" : undefined}>{dueText(item.dueAt)}</span>
    );
  }
  return item.required ? <span>No deadline</span> : null;
}

function NothingToDo({ orgSlug }: { orgSlug: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <GraduationCap className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 font-semibold text-slate-900">You're all caught up</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        No training has been assigned to you yet. Courses assigned to you will appear here with their due dates.
      </p>
      <Link
        to="/$orgSlug/courses"
        params={{ orgSlug }}
        className={buttonClassName({ variant: "outline", className: "mt-5" })}
      >
        <BookOpen aria-hidden="true" />
        Browse the library
      </Link>
    </div>
  );
}

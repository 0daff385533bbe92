import { Link } from "@tanstack/react-router";
import { SearchX, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { errorMessage } from "#client/lib/errors.js";
import { isNotFound } from "./queries.js";

export interface PageMessageProps {
  title: string;
  message: ReactNode;
  /** "error" for a failed load, "missing" for a record that is not there. */
  tone?: "error" | "missing";
  /** Where to go instead, e.g. back to the courses list. */
  back?: { orgSlug: string; label: string };
  children?: ReactNode;
}

/** The card a course page shows instead of its content when loading failed or found nothing. */
export function PageMessage({ title, message, tone = "error", back, children }: PageMessageProps) {
  const Icon = tone === "error" ? TriangleAlert : SearchX;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <Card role={tone === "error" ? "alert" : undefined}>
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <span
            className={
              tone === "error"
                ? "flex size-12 items-center justify-center rounded-2xl bg-red-50 text-red-600"
                : "flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-600"
            }
          >
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-sm break-words text-slate-600">{message}</p>
          {(back || children) && (
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {children}
              {back && (
                <Link
                  to="/$orgSlug/courses"
                  params={{ orgSlug: back.orgSlug }}
                  className={buttonClassName({ variant: "outline" })}
                >
                  {back.label}
                </Link>
              )}
            </div>
          )}
        </div>
      </Card>
    </div>
  );
}

export interface CourseLoadFailureProps {
  orgSlug: string;
  /** Why the course could not be loaded; null when there was no course id to load in the first place. */
  error: unknown;
  /** Actions for a failed load, e.g. a retry button; a missing course has nothing to retry. */
  children?: ReactNode;
}

/** What every page about one course shows instead of it when the course is missing or failed to load. */
export function CourseLoadFailure({ orgSlug, error, children }: CourseLoadFailureProps) {
  if (error === null || isNotFound(error)) {
    return (
      <PageMessage
        tone="missing"
        title="Course Not Found"
        message="Course not found."
        back={{ orgSlug, label: "Back to Courses" }}
      />
    );
  }
  return (
    <PageMessage
      title="Error Loading Course"
      message={errorMessage(error, "Could not load the course.")}
      back={{ orgSlug, label: "Back to Courses" }}
    >
      {children}
    </PageMessage>
  );
}

/**
 * What every page about one lesson (the lesson page, its editor) shows instead of it when the lesson is
 * missing (`error` null: no lesson id to load) or failed to load; `onRetry` loads it again.
 */
export function LessonLoadFailure({
  orgSlug,
  error,
  onRetry,
}: {
  orgSlug: string;
  error: unknown;
  onRetry: () => void;
}) {
  if (error === null || isNotFound(error)) {
    return (
      <PageMessage
        tone="missing"
        title="Lesson not found."
        message="It may have been deleted or moved."
        back={{ orgSlug, label: "Back to Courses" }}
      />
    );
  }
  return (
    <PageMessage
      title={`Error loading lesson: ${errorMessage(error, "Could not load the lesson.")}`}
      message="Check your connection and try again."
      back={{ orgSlug, label: "Back to Courses" }}
    >
      <Button onClick={onRetry}>Try Again</Button>
    </PageMessage>
  );
}

import { Link } from "@tanstack/react-router";
import { BookOpen, Plus, Search, SearchX } from "lucide-react";
import { useState } from "react";
import { buttonClassName } from "#client/components/ui/button.js";
import { Input } from "#client/components/ui/input.js";
import { LoadMore } from "#client/components/ui/load-more.js";
import { PermissionNote } from "#client/components/ui/permission-note.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { DeniedNote } from "#client/features/orgs/denied.js";
import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { trainingItemOf, useMyTraining } from "#client/features/training/queries.js";
import { errorMessage } from "#client/lib/errors.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { useDebouncedValue } from "#client/lib/use-debounced-value.js";
import { SKELETON_COUNTS } from "#shared/constants.js";
import { type ExplainedAction, onlyWhoMay } from "#shared/permission-texts.js";
import type { CourseStatusValue } from "#shared/schemas/courses.js";
import { CourseCard, CourseCardSkeleton } from "./course-card.js";
import { CourseFilters } from "./course-filters.js";
import { PageMessage } from "./page-state.js";
import { useCoursePages } from "./queries.js";
import { useCan } from "./use-org-role.js";

/** How long typing must pause before the search runs on the server. */
const SEARCH_DEBOUNCE_MS = 300;

export function CoursesListPage({ orgSlug, denied }: { orgSlug: string; denied?: ExplainedAction }) {
  const organization = useRouteOrganization();
  const canCreate = useCan("courses.create");
  const canSeeDrafts = useCan("courses.viewDrafts");
  const canEdit = useCan("courses.edit");
  const [searchText, setSearchText] = useState("");
  const [status, setStatus] = useState<CourseStatusValue | undefined>(undefined);
  const [tagId, setTagId] = useState<number | undefined>(undefined);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const courses = useCoursePages({ search, status, tagId });
  useScreenReady("courses", courses.isSuccess);
  // The cards of the caller's own courses show how far they are (My training's read, one for the page).
  const training = useMyTraining();
  const filtered = Boolean(search) || status !== undefined || tagId !== undefined;
  // Fetching a new search while the previous results stay on screen.
  const searching = courses.isFetching && courses.isPlaceholderData;

  if (courses.isError && !courses.data) {
    return (
      <PageMessage title="Error Loading Courses" message={errorMessage(courses.error, "Could not load courses.")}>
        <button type="button" className={buttonClassName()} onClick={() => void courses.refetch()}>
          Try Again
        </button>
      </PageMessage>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <DeniedNote denied={denied} className="mb-6" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Courses</h1>
          <p className="mt-1 text-sm text-slate-600">Training for {organization.name}</p>
        </div>
        {canCreate && (
          <Link to="/$orgSlug/courses/create" params={{ orgSlug }} className={buttonClassName()}>
            <Plus aria-hidden="true" />
            Create Course
          </Link>
        )}
      </div>

      {/* Editors who may not create read why the button is missing (docs/DESIGN.md §6). */}
      {!canCreate && canEdit && !denied && (
        <PermissionNote className="mt-4">
          {onlyWhoMay("courses.create")} You can edit the courses below and their lessons.
        </PermissionNote>
      )}

      <search className="mt-6 flex flex-col gap-2 lg:flex-row">
        <div className="relative w-full max-w-md">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search courses"
            placeholder="Search courses..."
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="pr-10 pl-9"
            maxLength={255}
          />
          {searching && (
            <span className="absolute top-1/2 right-3 -translate-y-1/2">
              <Spinner size="sm" label="Searching" />
            </span>
          )}
        </div>
        <CourseFilters
          status={status}
          onStatusChange={setStatus}
          showStatus={canSeeDrafts}
          tagId={tagId}
          onTagChange={setTagId}
        />
      </search>

      <div className="mt-6">
        {courses.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <output className="sr-only">Loading courses</output>
            {Array.from({ length: SKELETON_COUNTS.courseCards }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
              <CourseCardSkeleton key={index} />
            ))}
          </div>
        ) : courses.data.pages[0]?.length === 0 ? (
          filtered ? (
            <EmptyState
              icon="search"
              title="No courses found"
              text={search ? `Nothing matches "${search}".` : "No course matches these filters."}
            />
          ) : (
            <EmptyState
              icon="book"
              title="No courses yet"
              text={canCreate ? "Create the first course for your team." : "Courses will appear here once published."}
            />
          )
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Courses">
              {courses.data.pages.flat().map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} orgSlug={orgSlug} training={trainingItemOf(training.data, course.id)} />
                </li>
              ))}
            </ul>
            <LoadMore
              hasNextPage={courses.hasNextPage}
              isFetchingNextPage={courses.isFetchingNextPage}
              fetchNextPage={courses.fetchNextPage}
            />
          </>
        )}
      </div>
    </section>
  );
}

function EmptyState({ icon, title, text }: { icon: "book" | "search"; title: string; text: string }) {
  const Icon = icon === "book" ? BookOpen : SearchX;
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm break-words text-slate-600">{text}</p>
    </div>
  );
}

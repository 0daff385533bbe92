import { FilterSelect } from "#client/components/ui/filter-select.js";
import { tagOptions, useTagTree } from "#client/features/tags/queries.js";
import { COURSE_STATUSES, type CourseStatusValue } from "#shared/schemas/courses.js";

const STATUS_OPTIONS = COURSE_STATUSES.map((value) => ({
  value,
  label: value === "draft" ? "Drafts" : "Published",
}));

export interface CourseFiltersProps {
  status: CourseStatusValue | undefined;
  onStatusChange: (status: CourseStatusValue | undefined) => void;
  /** Only content creators see drafts, so only they get the status filter. */
  showStatus: boolean;
  tagId: number | undefined;
  onTagChange: (tagId: number | undefined) => void;
}

/** The course list's filters the API already had (decision 0045): status for content creators, and a tag. */
export function CourseFilters({ status, onStatusChange, showStatus, tagId, onTagChange }: CourseFiltersProps) {
  const tags = useTagTree();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {showStatus && (
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => onStatusChange(value as CourseStatusValue | undefined)}
          className="sm:w-44"
        />
      )}
      <FilterSelect
        label="Filter by tag"
        allLabel="All tags"
        options={tagOptions(tags.data)}
        value={tagId === undefined ? undefined : String(tagId)}
        onChange={(value) => onTagChange(value === undefined ? undefined : Number(value))}
        disabled={!tags.data || tags.data.length === 0}
        className="sm:w-56"
      />
    </div>
  );
}

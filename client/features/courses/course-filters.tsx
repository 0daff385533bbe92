import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/components/ui/select.js";
import { useTagTree } from "#client/features/tags/queries.js";
import { COURSE_STATUSES, type CourseStatusValue } from "#shared/schemas/courses.js";

/** Radix Select keeps "" for "nothing chosen": the choice of no filter needs a value of its own. */
const ALL = "all";

const STATUS_LABELS: Record<CourseStatusValue, string> = { draft: "Drafts", published: "Published" };

export interface CourseFiltersProps {
  status: CourseStatusValue | undefined;
  onStatusChange: (status: CourseStatusValue | undefined) => void;
  /** Only content creators see drafts, so only they get the status filter. */
  showStatus: boolean;
  tagId: number | undefined;
  onTagChange: (tagId: number | undefined) => void;
}

/** The course list's filters the API already had (issue 11): status for content creators, and a tag. */
export function CourseFilters({ status, onStatusChange, showStatus, tagId, onTagChange }: CourseFiltersProps) {
  const tags = useTagTree();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {showStatus && (
        <Select
          value={status ?? ALL}
          onValueChange={(value) => onStatusChange(value === ALL ? undefined : (value as CourseStatusValue))}
        >
          <SelectTrigger aria-label="Filter by status" className="sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {COURSE_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {STATUS_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      <Select
        value={tagId === undefined ? ALL : String(tagId)}
        onValueChange={(value) => onTagChange(value === ALL ? undefined : Number(value))}
        disabled={!tags.data || tags.data.length === 0}
      >
        <SelectTrigger aria-label="Filter by tag" className="sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All tags</SelectItem>
          {(tags.data ?? []).flatMap((department) => [
            <SelectItem key={department.id} value={String(department.id)}>
              {department.name}
            </SelectItem>,
            ...department.roles.map((role) => (
              <SelectItem key={role.id} value={String(role.id)} className="pl-12">
                {role.name}
              </SelectItem>
            )),
          ])}
        </SelectContent>
      </Select>
    </div>
  );
}

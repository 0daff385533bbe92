import { Label } from "#client/components/ui/label.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { TriStateCheckbox } from "#client/components/ui/tri-state-checkbox.js";
import { useTagTree } from "#client/features/tags/queries.js";
import { errorMessage } from "#client/lib/errors.js";
import { ColorDot } from "./course-tags.js";
import { departmentState, toggleDepartment, toggleRole } from "./tag-selection.js";

export interface TagsTreeProps {
  value: readonly number[];
  onChange: (tagIds: number[]) => void;
  disabled?: boolean;
}

/** Departments with their roles as checkboxes; who the course is for. */
export function TagsTree({ value, onChange, disabled = false }: TagsTreeProps) {
  const tags = useTagTree();
  const selected = new Set(value);

  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Tags</legend>
      <p className="-mt-1 text-xs text-slate-500">
        Who this course is for: members with these departments or roles get it as training; no tags means everyone.
        Checking a department selects all of its roles.
      </p>
      {tags.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="ml-7 h-5 w-32" />
          <Skeleton className="h-5 w-36" />
        </div>
      ) : tags.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(tags.error, "Could not load tags.")}
        </p>
      ) : tags.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-600">
          No departments or roles yet. An admin can add them on the Tags page.
        </p>
      ) : (
        <ul className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2">
          {tags.data.map((department) => {
            const departmentId = `course-tag-${department.id}`;
            return (
              <li key={department.id}>
                <div className="flex min-h-9 items-center gap-2.5 rounded-md px-2 hover:bg-slate-50">
                  <TriStateCheckbox
                    id={departmentId}
                    checked={departmentState(department, selected)}
                    onCheckedChange={(checked) => onChange(toggleDepartment(department, value, checked))}
                  />
                  <Label
                    htmlFor={departmentId}
                    className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 py-1.5"
                  >
                    <ColorDot color={department.color} />
                    <span className="truncate">{department.name}</span>
                  </Label>
                </div>
                {department.roles.length > 0 && (
                  <ul className="ml-7 flex flex-col border-l border-slate-200 pl-2">
                    {department.roles.map((role) => {
                      const roleId = `course-tag-${role.id}`;
                      return (
                        <li
                          key={role.id}
                          className="flex min-h-9 items-center gap-2.5 rounded-md px-2 hover:bg-slate-50"
                        >
                          <TriStateCheckbox
                            id={roleId}
                            checked={selected.has(role.id)}
                            onCheckedChange={(checked) => onChange(toggleRole(department, role.id, value, checked))}
                          />
                          <Label
                            htmlFor={roleId}
                            className="min-w-0 flex-1 cursor-pointer truncate py-1.5 font-normal text-slate-700"
                          >
                            {role.name}
                          </Label>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

import { useId } from "react";
import { Label } from "#client/components/ui/label.js";
import { TriStateCheckbox } from "#client/components/ui/tri-state-checkbox.js";
import type { Department } from "#client/features/tags/queries.js";
import { TagDot, tagColor } from "#client/features/tags/tag-dot.js";

export interface TagChecklistProps {
  departments: readonly Department[];
  value: readonly number[];
  onChange: (tagIds: number[]) => void;
  disabled?: boolean;
}

/**
 * The tag checkboxes of the invite and edit-member dialogs: each department with its roles indented
 * under it. Every box stands alone (a member may hold a role without the whole department); a fieldset
 * per department tells screen readers which department a role belongs to.
 */
export function TagChecklist({ departments, value, onChange, disabled }: TagChecklistProps) {
  const prefix = useId();
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...new Set([...value, id])] : value.filter((tagId) => tagId !== id));

  if (departments.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-500">
        No departments or roles yet. An admin can create them on the Departments & Roles page.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      {departments.map((department) => (
        <fieldset key={department.id} className="flex flex-col gap-2">
          <legend className="sr-only">{department.name}</legend>
          <Row
            id={`${prefix}-${department.id}`}
            label={department.name}
            color={tagColor(department)}
            checked={value.includes(department.id)}
            onChange={(checked) => toggle(department.id, checked)}
            disabled={disabled}
            strong
          />
          {department.roles.length > 0 && (
            <div className="ml-7 flex flex-col gap-2">
              {department.roles.map((role) => (
                <Row
                  key={role.id}
                  id={`${prefix}-${role.id}`}
                  label={role.name}
                  color={tagColor(role, [department])}
                  checked={value.includes(role.id)}
                  onChange={(checked) => toggle(role.id, checked)}
                  disabled={disabled}
                />
              ))}
            </div>
          )}
        </fieldset>
      ))}
    </div>
  );
}

function Row({
  id,
  label,
  color,
  checked,
  onChange,
  disabled,
  strong = false,
}: {
  id: string;
  label: string;
  color: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  strong?: boolean;
}) {
  return (
    <div className="flex min-h-6 items-center gap-2.5">
      <TriStateCheckbox id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
      <Label htmlFor={id} className={`flex min-w-0 items-center gap-2 ${strong ? "font-semibold" : "font-normal"}`}>
        <TagDot color={color} />
        <span className="truncate">{label}</span>
      </Label>
    </div>
  );
}

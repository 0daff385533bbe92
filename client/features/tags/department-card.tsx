import { ChevronDown, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#client/components/ui/collapsible.js";
import { WithTooltip } from "#client/components/ui/tooltip.js";
import { focusTarget } from "#client/lib/focus.js";
import type { Department, TagItem } from "./queries.js";
import { TagDot, tagColor } from "./tag-dot.js";

export interface DepartmentCardProps {
  department: Department;
  /** Whether the add, edit and delete controls are shown (tags.manage). */
  canManage: boolean;
  onAddRole: (department: Department) => void;
  onEdit: (tag: TagItem) => void;
  onDelete: (tag: TagItem) => void;
}

/** One department as a collapsible card (docs/SPEC.md §2): colour dot, name, edit, delete, Add Role, its roles. */
export function DepartmentCard({ department, canManage, onAddRole, onEdit, onDelete }: DepartmentCardProps) {
  const [open, setOpen] = useState(true);
  const roleCount = department.roles.length;
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <Card className="overflow-hidden">
        {/* On a phone the controls drop under the name, which keeps the whole width for itself. */}
        <div className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-3 sm:p-4">
          <h2 className="min-w-0 sm:flex-1">
            <CollapsibleTrigger className="group flex w-full min-w-0 items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 text-slate-500 transition-transform group-data-[state=closed]:-rotate-90"
              />
              <TagDot color={tagColor(department)} className="size-4" />
              <span className="min-w-0 break-words text-base font-semibold text-slate-900">{department.name}</span>
              <span className="shrink-0 text-sm font-normal text-slate-500">
                {roleCount} {roleCount === 1 ? "role" : "roles"}
              </span>
            </CollapsibleTrigger>
          </h2>
          {canManage && (
            <div className="flex shrink-0 items-center gap-1 pl-7 sm:pl-0">
              <WithTooltip content="Edit department">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Edit department ${department.name}`}
                  onClick={() => onEdit(department)}
                >
                  <Pencil />
                </Button>
              </WithTooltip>
              <WithTooltip content="Delete department">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  aria-label={`Delete department ${department.name}`}
                  onClick={() => onDelete(department)}
                >
                  <Trash2 />
                </Button>
              </WithTooltip>
              <Button
                variant="secondary"
                size="sm"
                className="ml-1"
                onClick={() => onAddRole(department)}
                aria-label={`Add Role to ${department.name}`}
                {...focusTarget("add-role", department.id)}
              >
                <Plus />
                Add Role
              </Button>
            </div>
          )}
        </div>
        <CollapsibleContent>
          <div className="border-t border-slate-100 bg-slate-50/60 px-3 py-2 sm:px-4">
            {roleCount === 0 ? (
              <p className="px-2 py-2.5 text-sm text-slate-500">
                No roles yet.{canManage ? " Use Add Role to create the first one." : ""}
              </p>
            ) : (
              <ul aria-label={`Roles in ${department.name}`} className="divide-y divide-slate-200/70">
                {department.roles.map((role) => (
                  <li key={role.id} className="flex min-h-11 items-center gap-3 px-2 py-1.5">
                    <TagDot color={tagColor(role, [department])} />
                    <span className="min-w-0 flex-1 break-words text-sm text-slate-800">{role.name}</span>
                    {canManage && (
                      <div className="flex shrink-0 items-center gap-1">
                        <WithTooltip content="Edit role">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={`Edit role ${role.name}`}
                            onClick={() => onEdit(role)}
                          >
                            <Pencil />
                          </Button>
                        </WithTooltip>
                        <WithTooltip content="Delete role">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            className="text-red-600 hover:bg-red-50 hover:text-red-700"
                            aria-label={`Delete role ${role.name}`}
                            onClick={() => onDelete(role)}
                          >
                            <Trash2 />
                          </Button>
                        </WithTooltip>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}

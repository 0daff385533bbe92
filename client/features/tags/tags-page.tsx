import { FolderTree, Plus, RotateCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { PermissionNote } from "#client/components/ui/permission-note.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { TooltipProvider } from "#client/components/ui/tooltip.js";
import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { errorMessage } from "#client/lib/errors.js";
import { focusTarget } from "#client/lib/focus.js";
import { SKELETON_COUNTS } from "#shared/constants.js";
import { onlyWhoMay } from "#shared/permission-texts.js";
import { can } from "#shared/permissions.js";
import { DepartmentCard } from "./department-card.js";
import { type Department, TAG_TEXT, type TagItem, useTagMutations, useTagTree } from "./queries.js";
import { nextToTag, TagDialog, type TagDialogTarget } from "./tag-dialog.js";

/** The Departments & Roles page (docs/SPEC.md §2). Everyone may look; only tags.manage sees the controls. */
export function TagsPage() {
  const canManage = can(useRouteOrganization().role, "tags.manage");
  const tags = useTagTree();
  const { remove } = useTagMutations();
  const [dialog, setDialog] = useState<TagDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<TagItem | null>(null);

  const addDepartment = () => setDialog({ mode: "create", type: "department" });
  const departments = tags.data ?? [];

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Departments & Roles</h1>
          <p className="mt-1.5 text-sm text-slate-600 sm:text-base">
            Group your team into departments and the roles within them, then tag members and courses with them.
          </p>
        </div>
        {canManage && departments.length > 0 && (
          <Button onClick={addDepartment} className="self-start sm:self-auto" {...focusTarget("add-department")}>
            <Plus />
            Add Department
          </Button>
        )}
      </div>

      {!canManage && departments.length > 0 && (
        <PermissionNote className="mt-6">{onlyWhoMay("tags.manage")}</PermissionNote>
      )}

      <div className="mt-8">
        {tags.isPending ? (
          <TagSkeletons />
        ) : tags.isError ? (
          <Card role="alert" className="border-red-200">
            <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
              <TriangleAlert className="size-8 text-red-500" aria-hidden="true" />
              <h2 className="text-lg font-semibold text-slate-900">{TAG_TEXT.loadFailed}</h2>
              <p className="text-sm text-slate-600">
                {errorMessage(tags.error, "The departments could not be loaded.")}
              </p>
              <Button variant="outline" onClick={() => void tags.refetch()} loading={tags.isFetching}>
                {!tags.isFetching && <RotateCw />}
                Try Again
              </Button>
            </div>
          </Card>
        ) : departments.length === 0 ? (
          <Card>
            <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                <FolderTree className="size-6" aria-hidden="true" />
              </span>
              <h2 className="text-lg font-semibold text-slate-900">No Departments Found</h2>
              <p className="max-w-sm text-sm text-slate-600">
                {canManage
                  ? "Create your first department, then add the roles people hold in it."
                  : "Your organization has no departments yet. An admin can create them."}
              </p>
              {canManage && (
                <Button className="mt-2" onClick={addDepartment} {...focusTarget("add-department")}>
                  <Plus />
                  Add Department
                </Button>
              )}
            </div>
          </Card>
        ) : (
          <TooltipProvider>
            <ul className="flex flex-col gap-4" aria-label="Departments">
              {departments.map((department) => (
                <li key={department.id}>
                  <DepartmentCard
                    department={department}
                    canManage={canManage}
                    onAddRole={(parent: Department) => setDialog({ mode: "create", type: "role", parent })}
                    onEdit={(tag) => setDialog({ mode: "edit", tag })}
                    onDelete={setDeleting}
                  />
                </li>
              ))}
            </ul>
          </TooltipProvider>
        )}
      </div>

      {canManage && (
        <>
          <TagDialog target={dialog} onClose={() => setDialog(null)} />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={deleting?.type === "department" ? "Delete Department?" : "Delete Role?"}
            description={deleteWarning(deleting)}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            pending={remove.isPending}
            onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
            returnFocus={() => nextToTag(deleting)}
          />
        </>
      )}
    </section>
  );
}

/** docs/SPEC.md §2: deleting a department also removes its roles, and this cannot be undone. */
function deleteWarning(tag: TagItem | null): string {
  if (!tag) return "";
  if (tag.type === "department") {
    return `Deleting the department "${tag.name}" also removes all of its roles, and takes them off members and courses. This cannot be undone.`;
  }
  return `Deleting the role "${tag.name}" takes it off members and courses. This cannot be undone.`;
}

function TagSkeletons() {
  return (
    <div aria-busy="true">
      <output className="sr-only">Loading departments</output>
      <div className="flex flex-col gap-4">
        {Array.from({ length: SKELETON_COUNTS.tagCards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <Card key={index} data-testid="tag-skeleton" className="p-4">
            <div className="flex items-center gap-3">
              <Skeleton className="size-4 rounded-full" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="ml-auto h-8 w-24" />
            </div>
            <div className="mt-4 flex flex-col gap-2.5 pl-7">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}

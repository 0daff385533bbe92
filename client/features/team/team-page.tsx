import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { PermissionNote } from "#client/components/ui/permission-note.js";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { MailProblemsPanel } from "#client/features/mail/mail-problems-panel.js";
import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { useTagTree } from "#client/features/tags/queries.js";
import { useDebouncedValue } from "#client/lib/use-debounced-value.js";
import { can, canAssignRole } from "#shared/permissions.js";
import { ROLES } from "#shared/roles.js";
import { useRemoveMember } from "./admin-queries.js";
import { BulkInviteDialog } from "./bulk-invite-dialog.js";
import { EditMemberDialog } from "./edit-member-dialog.js";
import { InviteDialog } from "./invite-dialog.js";
import { assignableRoles, MemberList } from "./member-list.js";
import { PendingInvitations } from "./pending-invitations.js";
import { type Member, TEAM_TEXT, useUpdateRole } from "./queries.js";
import { TeamFilters, type TeamFilterValues } from "./team-filters.js";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The team page (docs/SPEC.md §2): everyone sees the members; team.manage adds invite, role changes and
 * edit; docs/SPEC.md §7 adds the pending invitations, inviting several people, removing people, and the search.
 */
export function TeamPage({ initialSearch = "" }: { initialSearch?: string }) {
  const { data: user } = useCurrentUser();
  const actorRole = useRouteOrganization().role;
  const canManage = can(actorRole, "team.manage");
  // For the colour of a role on a card whose member does not hold its department.
  const tags = useTagTree();
  const updateRole = useUpdateRole();
  const removeMember = useRemoveMember();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [filterValues, setFilterValues] = useState<TeamFilterValues>({
    searchText: initialSearch,
    role: undefined,
    tagId: undefined,
    former: false,
  });
  const search = useDebouncedValue(filterValues.searchText.trim(), SEARCH_DEBOUNCE_MS);
  const filters = {
    ...(search === "" ? {} : { search }),
    ...(filterValues.role ? { role: filterValues.role } : {}),
    ...(filterValues.tagId === undefined ? {} : { tagId: filterValues.tagId }),
    ...(filterValues.former ? { former: true } : {}),
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Team</h1>
          {canManage && (
            <p className="mt-1.5 text-sm text-slate-600 sm:text-base">
              Invite people, set their roles and tag them with their departments and roles.
            </p>
          )}
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2 self-start sm:self-auto">
            <Button variant="outline" onClick={() => setBulkOpen(true)}>
              <Users />
              Invite Several
            </Button>
            <Button onClick={() => setInviteOpen(true)}>
              <UserPlus />
              Invite Member
            </Button>
          </div>
        )}
      </div>

      {!canManage && user && <PermissionNote className="mt-6">{TEAM_TEXT.noPermission}</PermissionNote>}

      <div className="mt-6 empty:hidden">
        <MailProblemsPanel visible={can(actorRole, "mail.viewProblems")} />
      </div>

      {actorRole && can(actorRole, "team.invitations") && <PendingInvitations actorRole={actorRole} />}

      <div className="mt-8">
        <TeamFilters value={filterValues} onChange={setFilterValues} showFormer={can(actorRole, "team.remove")} />
      </div>
      <div className="mt-4">
        <MemberList
          filters={filters}
          filtered={Object.keys(filters).length > 0}
          selfId={user?.id}
          actorRole={actorRole}
          canManage={canManage}
          departments={tags.data ?? []}
          rolePendingFor={updateRole.isPending ? updateRole.variables?.userId : undefined}
          onRoleChange={(target, newRole) => updateRole.mutate({ userId: target.id, newRole })}
          onEdit={setEditing}
          onRemove={setRemoving}
        />
      </div>

      {canManage && (
        <>
          <InviteDialog
            open={inviteOpen}
            onOpenChange={setInviteOpen}
            allowedRoles={ROLES.filter((role) => actorRole !== undefined && canAssignRole(actorRole, "user", role))}
          />
          <BulkInviteDialog open={bulkOpen} onOpenChange={setBulkOpen} />
          <EditMemberDialog
            member={editing}
            isSelf={editing?.id === user?.id}
            allowedRoles={editing ? [editing.role, ...assignableRoles(actorRole, editing.role)] : []}
            onClose={() => setEditing(null)}
          />
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            title="Remove this member?"
            description={
              <>
                <strong className="font-semibold text-slate-900">{removing?.name}</strong> loses access to this
                organization at once. Their completed lessons stay in the reports, as a former member's.
              </>
            }
            confirmLabel="Remove Member"
            pendingLabel="Removing..."
            pending={removeMember.isPending}
            onConfirm={() =>
              removing && removeMember.mutate({ userId: removing.id }, { onSuccess: () => setRemoving(null) })
            }
          />
        </>
      )}
    </section>
  );
}

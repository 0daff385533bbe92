import { ShieldAlert, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { MailProblemsPanel } from "#client/features/mail/mail-problems-panel.js";
import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { useTagTree } from "#client/features/tags/queries.js";
import { errorMessage } from "#client/lib/errors.js";
import { SKELETON_COUNTS } from "#shared/constants.js";
import { can, canAssignRole } from "#shared/permissions.js";
import { ROLES, type Role } from "#shared/roles.js";
import { EditMemberDialog } from "./edit-member-dialog.js";
import { InviteDialog } from "./invite-dialog.js";
import { MemberCard } from "./member-card.js";
import { type Member, TEAM_TEXT, useMembers, useUpdateRole } from "./queries.js";

/** The roles `actor` may move a member holding `from` to (docs/DESIGN.md §6, via canAssignRole). */
function assignableRoles(actor: Role | undefined, from: Role): Role[] {
  if (!actor) return [];
  return ROLES.filter((to) => to !== from && canAssignRole(actor, from, to));
}

/** The team page (docs/SPEC.md §2): everyone sees the members; team.manage adds invite, role changes and edit. */
export function TeamPage() {
  const { data: user } = useCurrentUser();
  const actorRole = useRouteOrganization().role;
  const canManage = can(actorRole, "team.manage");
  const members = useMembers();
  // For the colour of a role on a card whose member does not hold its department.
  const tags = useTagTree();
  const updateRole = useUpdateRole();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);

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
          <Button onClick={() => setInviteOpen(true)} className="self-start sm:self-auto">
            <UserPlus />
            Invite Member
          </Button>
        )}
      </div>

      {!canManage && user && (
        <div
          role="note"
          className="mt-6 flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{TEAM_TEXT.noPermission}</p>
        </div>
      )}

      <div className="mt-6 empty:hidden">
        <MailProblemsPanel visible={can(actorRole, "mail.viewProblems")} />
      </div>

      <div className="mt-8">
        {members.isPending ? (
          <MemberSkeletons />
        ) : members.isError ? (
          <Card role="alert" className="border-red-200 px-6 py-8 text-center">
            <p className="font-medium text-red-700">
              Error: {errorMessage(members.error, "The team could not be loaded.")}
            </p>
          </Card>
        ) : members.data.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <Users className="size-8 text-slate-400" aria-hidden="true" />
            <p className="text-slate-600">No team members yet.</p>
          </Card>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Team members">
            {members.data.map((member) => {
              const isSelf = member.id === user?.id;
              return (
                <li key={member.id} className="min-w-0">
                  <MemberCard
                    member={member}
                    isSelf={isSelf}
                    departments={tags.data ?? []}
                    assignableRoles={isSelf ? [] : assignableRoles(actorRole, member.role)}
                    canEdit={canManage && actorRole !== undefined && canAssignRole(actorRole, member.role, member.role)}
                    rolePending={updateRole.isPending && updateRole.variables?.userId === member.id}
                    onRoleChange={(target, newRole) => updateRole.mutate({ userId: target.id, newRole })}
                    onEdit={setEditing}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {canManage && (
        <>
          <InviteDialog
            open={inviteOpen}
            onOpenChange={setInviteOpen}
            allowedRoles={ROLES.filter((role) => actorRole !== undefined && canAssignRole(actorRole, "user", role))}
          />
          <EditMemberDialog
            member={editing}
            isSelf={editing?.id === user?.id}
            allowedRoles={editing ? [editing.role, ...assignableRoles(actorRole, editing.role)] : []}
            onClose={() => setEditing(null)}
          />
        </>
      )}
    </section>
  );
}

function MemberSkeletons() {
  return (
    <div aria-busy="true">
      <output className="sr-only">Loading team members</output>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_COUNTS.memberCards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <Card key={index} data-testid="member-skeleton" className="flex flex-col gap-4 p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3.5 w-5/6" />
              </div>
            </div>
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-9 w-full" />
          </Card>
        ))}
      </div>
    </div>
  );
}

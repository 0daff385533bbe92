import { useInfiniteQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { Card } from "#client/components/ui/card.js";
import { LoadMore } from "#client/components/ui/load-more.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { TooltipProvider } from "#client/components/ui/tooltip.js";
import type { Department } from "#client/features/tags/queries.js";
import { errorMessage } from "#client/lib/errors.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { SKELETON_COUNTS } from "#shared/constants.js";
import { canAssignRole, canRemoveMember } from "#shared/permissions.js";
import { ROLES, type Role } from "#shared/roles.js";
import { type MemberFilters, membersPageQuery } from "./admin-queries.js";
import { MemberCard } from "./member-card.js";
import type { Member } from "./queries.js";

/** The roles `actor` may move a member holding `from` to (docs/DESIGN.md §6, via canAssignRole). */
export function assignableRoles(actor: Role | undefined, from: Role): Role[] {
  if (!actor) return [];
  return ROLES.filter((to) => to !== from && canAssignRole(actor, from, to));
}

export interface MemberListProps {
  filters: MemberFilters;
  filtered: boolean;
  selfId: number | undefined;
  actorRole: Role | undefined;
  canManage: boolean;
  departments: readonly Department[];
  rolePendingFor: number | undefined;
  onRoleChange: (member: Member, role: Role) => void;
  onEdit: (member: Member) => void;
  onRemove: (member: Member) => void;
}

/** The team's members (or former members), a page at a time as the list is scrolled (decision 0122). */
export function MemberList(props: MemberListProps) {
  const { filters, filtered, selfId, actorRole, canManage } = props;
  const members = useInfiniteQuery({ ...membersPageQuery(filters), placeholderData: (previous) => previous });
  useScreenReady("team", members.isSuccess);

  if (members.isPending) return <MemberSkeletons />;
  if (members.isError && !members.data) {
    return (
      <Card role="alert" className="border-red-200 px-6 py-8 text-center">
        <p className="font-medium text-red-700">
          Error: {errorMessage(members.error, "The team could not be loaded.")}
        </p>
      </Card>
    );
  }
  const rows = members.data.pages.flat();
  if (rows.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <Users className="size-8 text-slate-400" aria-hidden="true" />
        <p className="text-slate-600">
          {filters.former ? "No former members." : filtered ? "No members match." : "No team members yet."}
        </p>
      </Card>
    );
  }
  return (
    <div aria-busy={members.isFetching || undefined}>
      <TooltipProvider>
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={filters.former ? "Former members" : "Team members"}
        >
          {rows.map((member) => {
            const isSelf = member.id === selfId;
            return (
              <li key={member.id} className="min-w-0">
                <MemberCard
                  member={member}
                  isSelf={isSelf}
                  former={filters.former}
                  departments={props.departments}
                  assignableRoles={isSelf ? [] : assignableRoles(actorRole, member.role)}
                  canEdit={canManage && actorRole !== undefined && canAssignRole(actorRole, member.role, member.role)}
                  canRemove={!isSelf && actorRole !== undefined && canRemoveMember(actorRole, member.role)}
                  rolePending={props.rolePendingFor === member.id}
                  onRoleChange={props.onRoleChange}
                  onEdit={props.onEdit}
                  onRemove={props.onRemove}
                />
              </li>
            );
          })}
        </ul>
      </TooltipProvider>
      <LoadMore
        hasNextPage={members.hasNextPage}
        isFetchingNextPage={members.isFetchingNextPage}
        fetchNextPage={members.fetchNextPage}
      />
    </div>
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

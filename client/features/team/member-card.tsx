import { Pencil, UserMinus } from "lucide-react";
import { useId } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Label } from "#client/components/ui/label.js";
import { WithTooltip } from "#client/components/ui/tooltip.js";
import type { Department } from "#client/features/tags/queries.js";
import { TagDot, tagColor } from "#client/features/tags/tag-dot.js";
import { ROLE_BADGE_VARIANTS, type Role, roleLabel } from "#shared/roles.js";
import type { Member } from "./queries.js";
import { TEAM_TEXT } from "./queries.js";
import { RoleSelect } from "./role-select.js";

export interface MemberCardProps {
  member: Member;
  isSelf: boolean;
  /** The tag tree, for the colour of a role whose department the member does not hold. */
  departments: readonly Department[];
  /** Roles the viewer may move this member to; empty when the select must stay locked. */
  assignableRoles: readonly Role[];
  /** Whether the viewer may edit this member (a manager never edits an admin). */
  canEdit: boolean;
  rolePending: boolean;
  onRoleChange: (member: Member, role: Role) => void;
  onEdit: (member: Member) => void;
  /** Whether the viewer may remove this member (docs/DESIGN.md §6: a manager never removes an admin). */
  canRemove?: boolean;
  onRemove?: (member: Member) => void;
  /** Someone who was removed or left: their card shows who they were, and nothing to change. */
  former?: boolean;
}

/** One member (docs/SPEC.md §2): name, email, role badge, tags or "No tags assigned", role select, (You), edit. */
export function MemberCard({
  member,
  isSelf,
  departments,
  assignableRoles,
  canEdit,
  rolePending,
  onRoleChange,
  onEdit,
  canRemove = false,
  onRemove,
  former = false,
}: MemberCardProps) {
  const selectId = useId();
  const locked = isSelf || assignableRoles.length === 0;
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-start gap-3 p-4 sm:p-5">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
        >
          {initials(member.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-base font-semibold text-slate-900">
            <span className="min-w-0 wrap-anywhere">{member.name}</span>
            {isSelf && <span className="text-sm font-normal text-slate-500">(You)</span>}
          </h2>
          <p className="text-sm text-slate-600 wrap-anywhere">{member.email}</p>
          <p className="mt-2 flex flex-wrap gap-1.5">
            <Badge variant={ROLE_BADGE_VARIANTS[member.role]}>{roleLabel(member.role)}</Badge>
            {former && <Badge variant="outline">Former member</Badge>}
          </p>
        </div>
      </div>

      {!former && (
        <div className="px-4 pb-4 sm:px-5">
          {member.tags.length === 0 ? (
            <p className="text-sm text-slate-500 italic">{TEAM_TEXT.noTags}</p>
          ) : (
            <ul className="flex flex-wrap gap-1.5" aria-label={`Tags of ${member.name}`}>
              {member.tags.map((tag) => (
                <li key={tag.id}>
                  <Badge variant="outline" className="font-normal">
                    <TagDot color={tagColor(tag, departments, member.tags)} className="size-2.5" />
                    {tag.name}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {!former && (
        <div className="mt-auto flex items-center gap-3 border-t border-slate-100 px-4 py-3 sm:px-5">
          <Label htmlFor={selectId} className="shrink-0 text-slate-600">
            Role
          </Label>
          <RoleSelect
            id={selectId}
            aria-label={`Role of ${member.name}`}
            value={member.role}
            onChange={(role) => onRoleChange(member, role)}
            allowed={assignableRoles}
            disabled={locked}
            pending={rolePending}
          />
          {/* In the footer rather than beside the name, which leaves the e-mail the card's full width. */}
          {canEdit && (
            <WithTooltip content="Edit member">
              <Button variant="outline" size="icon" aria-label={`Edit ${member.name}`} onClick={() => onEdit(member)}>
                <Pencil />
              </Button>
            </WithTooltip>
          )}
          {canRemove && onRemove && (
            <WithTooltip content="Remove from organization">
              <Button
                variant="outline"
                size="icon"
                aria-label={`Remove ${member.name}`}
                onClick={() => onRemove(member)}
              >
                <UserMinus />
              </Button>
            </WithTooltip>
          )}
        </div>
      )}
    </Card>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? "").join("");
}

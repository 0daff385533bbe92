import { Link } from "@tanstack/react-router";
import { ArrowLeftRight, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Label } from "#client/components/ui/label.js";
import { Popover, PopoverContent, PopoverTrigger } from "#client/components/ui/popover.js";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/components/ui/select.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { useOpenOrganization } from "#client/features/orgs/hooks.js";
import { useOrganizations } from "#client/features/orgs/queries.js";
import { useActiveOrganization } from "#client/features/orgs/route-organization.js";
import { roleLabel } from "#shared/roles.js";

const NEW_ORGANIZATION = "New organization";

/**
 * The header's organization switcher (docs/SPEC.md §2): a "Switch" popover with an organization select, shown
 * only when the user belongs to more than one organization, plus "New organization" (/setup-org?new=1).
 */
export function OrgSwitcher() {
  const current = useActiveOrganization();
  const { data: organizations } = useOrganizations();
  const [open, setOpen] = useState(false);
  // docs/SPEC.md §4: a failed switch from the selector is only logged; the select stays on the current one.
  const { open: openOrganization, pendingOrgId } = useOpenOrganization({ notifyOnError: false });
  const selectId = useId();

  if (!current || !organizations) return null;

  // One organization: nothing to switch to. Creating another is on the account page's Manage Membership, not a
  // header button for every learner.
  if (organizations.length <= 1) return null;

  const onChange = async (value: string) => {
    const target = organizations.find((org) => String(org.id) === value);
    if (!target || target.id === current.id) return;
    if (await openOrganization(target)) setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="h-7 px-2 text-xs sm:px-2.5">
          <ArrowLeftRight className="size-3.5" aria-hidden="true" />
          {/* On a phone the icon alone leaves the organization's name room to be read. */}
          <span className="sr-only sm:not-sr-only">Switch</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Switch organization">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={selectId}>Organization</Label>
          <Select value={String(current.id)} onValueChange={(value) => void onChange(value)}>
            {/* Every name in full, wrapped: two organizations may share the first words of their names. */}
            <SelectTrigger id={selectId} disabled={pendingOrgId !== undefined} wrapValue>
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-w-[calc(100vw-1.5rem)]">
              {organizations.map((org) => (
                <SelectItem key={org.id} value={String(org.id)} className="break-words">
                  {org.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="flex min-h-5 items-center gap-2 text-xs text-slate-500">
            {pendingOrgId !== undefined ? (
              <>
                <Spinner size="sm" decorative />
                Switching…
              </>
            ) : (
              `Your role: ${roleLabel(current.role)}`
            )}
          </p>
        </div>
        <div className="mt-3 border-t border-slate-100 pt-3">
          <Link
            to="/setup-org"
            search={{ new: 1 }}
            onClick={() => setOpen(false)}
            className={buttonClassName({ variant: "ghost", size: "sm", className: "w-full justify-start" })}
          >
            <Plus aria-hidden="true" />
            {NEW_ORGANIZATION}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Building2, CreditCard, LogOut, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { formatNumber } from "#client/lib/dates.js";
import { errorMessage } from "#client/lib/errors.js";
import { can } from "#shared/permissions.js";
import { ROLE_BADGE_VARIANTS, roleLabel } from "#shared/roles.js";
import { megabytes } from "#shared/schemas/uploads.js";
import { useLeaveOrganization } from "./leave-organization.js";
import { dashboardPath, type Organization, orgStatsQuery, orgStorageQuery, useOrganizations } from "./queries.js";

function count(value: number, one: string, many: string): string {
  return `${formatNumber(value)} ${value === 1 ? one : many}`;
}

/**
 * docs/SPEC.md §2's "Manage Membership" card. Trainwright charges nothing, so there are no invoices or payment
 * methods: the button opens what a membership really is here — the person's organizations with their role,
 * opening or leaving each, creating another, and for those who run one what it uses.
 */
export function MembershipCard() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manage Membership</CardTitle>
        <CardDescription>Manage your membership, view invoices, and update your payment method.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((now) => !now)}>
          <CreditCard aria-hidden="true" />
          Manage Membership
        </Button>
      </CardFooter>
      {open && (
        <CardContent id={panelId} className="flex flex-col gap-4 border-t border-slate-100 pt-5">
          <p className="text-sm text-slate-600">
            Membership is free: there are no invoices or payment methods. These are the organizations you belong to.
          </p>
          <Memberships />
          <Link
            to="/setup-org"
            search={{ new: 1 }}
            className={buttonClassName({ variant: "outline", className: "self-start" })}
          >
            <Plus aria-hidden="true" />
            New organization
          </Link>
        </CardContent>
      )}
    </Card>
  );
}

function Memberships() {
  const organizations = useOrganizations();
  const [leaving, setLeaving] = useState<Organization | null>(null);
  const leave = useLeaveOrganization({ onSettled: () => setLeaving(null) });

  if (organizations.isPending) return <Skeleton className="h-16 w-full" />;
  if (organizations.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(organizations.error, "Could not load your organizations.")}
      </p>
    );
  }
  if (organizations.data.length === 0) {
    return <p className="text-sm text-slate-600">You are not a member of any organization.</p>;
  }
  return (
    <>
      <ul
        className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
        aria-label="Your organizations"
      >
        {organizations.data.map((org) => (
          <li key={org.id} className="flex flex-col gap-3 p-4">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <Building2 className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 font-medium break-words text-slate-900">{org.name}</span>
              <Badge variant={ROLE_BADGE_VARIANTS[org.role]}>{roleLabel(org.role)}</Badge>
            </div>
            {can(org.role, "settings.view") ? (
              <OrganizationUsage org={org} />
            ) : (
              <p className="text-sm text-slate-600">{count(org.memberCount, "member", "members")}</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Link to={dashboardPath(org.slug)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
                Open<span className="sr-only"> {org.name}</span>
              </Link>
              <Button variant="ghost" size="sm" onClick={() => setLeaving(org)}>
                <LogOut aria-hidden="true" />
                Leave<span className="sr-only"> {org.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(next) => !next && setLeaving(null)}
        title={`Leave ${leaving?.name ?? ""}?`}
        description="You lose access to its courses, team and reports at once. Your completed training stays in its records; you can be invited again."
        confirmLabel="Leave Organization"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        onConfirm={() => leaving && leave.mutate({ orgId: leaving.id })}
      />
    </>
  );
}

/** What an organization uses, for those who run it (the settings page's figures, docs/DESIGN.md §6). */
function OrganizationUsage({ org }: { org: Organization }) {
  const stats = useQuery(orgStatsQuery(org.id));
  const storage = useQuery(orgStorageQuery(org.id));
  if (stats.isPending || storage.isPending) return <Skeleton className="h-5 w-2/3" />;
  if (stats.isError || storage.isError) {
    return <p className="text-sm text-red-700">Could not load what this organization uses.</p>;
  }
  return (
    <p className="text-sm text-slate-600">
      {count(stats.data.memberCount, "member", "members")} ·{" "}
      {count(stats.data.courseCount, "published course", "published courses")} ·{" "}
      {count(stats.data.lessonCount, "lesson", "lessons")} · images {megabytes(storage.data.usedBytes)} of{" "}
      {megabytes(storage.data.limitBytes)}
    </p>
  );
}

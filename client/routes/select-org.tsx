import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { Building2, ChevronRight, Plus, Users } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { buttonClassName } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { requireSignedIn, useCurrentUser } from "#client/features/auth/current-user.js";
import { DeletedOrganizationNotices } from "#client/features/orgs/deleted-notices.js";
import { useOpenOrganization } from "#client/features/orgs/hooks.js";
import {
  dashboardPath,
  loadOrganizations,
  type Organization,
  useOrganizations,
} from "#client/features/orgs/queries.js";
import { switchOrganization } from "#client/features/orgs/switching.js";
import { cn } from "#client/lib/cn.js";
import { roleLabel } from "#shared/roles.js";

export const Route = createFileRoute("/select-org")({
  beforeLoad: async ({ context, location, preload }) => {
    const { queryClient } = context;
    const user = await requireSignedIn(queryClient, location);
    // A fresh list: this page is where people land after an organization was deleted or left.
    const organizations = await loadOrganizations(queryClient, { fresh: true });
    const [only] = organizations;
    if (!only) throw redirect({ to: "/setup-org", replace: true });
    // A preload must not switch, and redirecting it to the dashboard would preload that page's guard,
    // which sends an un-switched preload back here.
    if (organizations.length > 1 || preload) return;
    if (user.currentOrgId !== only.id) {
      try {
        await switchOrganization(queryClient, only.id);
      } catch (error) {
        // docs/SPEC.md §4: logged only; the dashboard's guard tries again and says so if it fails too.
        console.error("Switching to the only organization failed:", error);
      }
    }
    throw redirect({ href: dashboardPath(only.slug), replace: true });
  },
  component: SelectOrgPage,
});

function SelectOrgPage() {
  const { data: organizations = [] } = useOrganizations();
  const { data: user } = useCurrentUser();
  const { open, pendingOrgId } = useOpenOrganization();

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Select Organization</h1>
        <p className="mt-2 text-slate-600">Choose the organization you want to work in.</p>
      </div>

      <div className="mt-8 empty:hidden">
        <DeletedOrganizationNotices />
      </div>

      <ul className="mt-8 flex flex-col gap-3">
        {organizations.map((org) => (
          <li key={org.id}>
            <OrganizationChoice
              org={org}
              current={user?.currentOrgId === org.id}
              pending={pendingOrgId === org.id}
              disabled={pendingOrgId !== undefined}
              onChoose={() => void open(org)}
            />
          </li>
        ))}
      </ul>

      <div className="mt-6 flex justify-center">
        <Link to="/setup-org" search={{ new: 1 }} className={buttonClassName({ variant: "outline" })}>
          <Plus aria-hidden="true" />
          New organization
        </Link>
      </div>
    </section>
  );
}

interface OrganizationChoiceProps {
  org: Organization;
  current: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function OrganizationChoice({ org, current, pending, disabled, onChoose }: OrganizationChoiceProps) {
  return (
    <Card className={cn("transition-shadow hover:shadow-md", current && "border-brand-300")}>
      <button
        type="button"
        onClick={onChoose}
        disabled={disabled}
        aria-busy={pending || undefined}
        className={cn(
          "flex w-full items-center gap-4 rounded-xl p-4 text-left sm:p-5",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
          "disabled:cursor-wait",
        )}
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <Building2 className="size-5" aria-hidden="true" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate text-base font-semibold text-slate-900">{org.name}</span>
            {current && <Badge variant="secondary">Current</Badge>}
          </span>
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>Your role: {roleLabel(org.role)}</span>
            <span className="flex items-center gap-1 text-slate-500">
              <Users className="size-3.5" aria-hidden="true" />
              {org.memberCount === 1 ? "1 member" : `${org.memberCount} members`}
            </span>
          </span>
        </span>
        {pending ? (
          <Spinner size="sm" label={`Opening ${org.name}`} />
        ) : (
          <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        )}
      </button>
    </Card>
  );
}

import { createFileRoute, Link } from "@tanstack/react-router";
import { Award, BookOpen, Users } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { buttonClassName } from "#client/components/ui/button.js";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { courseListQuery } from "#client/features/courses/queries.js";
import { DeniedNote, deniedSearch } from "#client/features/orgs/denied.js";
import { GettingStarted, showsGettingStarted } from "#client/features/orgs/getting-started.js";
import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { membersQuery } from "#client/features/team/queries.js";
import { MyTraining } from "#client/features/training/my-training.js";
import { myTrainingQuery } from "#client/features/training/queries.js";
import { ensurePageData } from "#client/lib/route-data.js";
import { can } from "#shared/permissions.js";
import { ROLE_BADGE_VARIANTS, roleLabel } from "#shared/roles.js";

export const Route = createFileRoute("/$orgSlug/_org/dashboard")({
  validateSearch: deniedSearch,
  // The caller's training, and what the Getting Started card ticks off for those who see it.
  loader: ({ context: { queryClient, organization } }) =>
    ensurePageData([
      queryClient.ensureQueryData(myTrainingQuery()),
      ...(showsGettingStarted(organization.role)
        ? [
            queryClient.ensureQueryData(tagTreeQuery()),
            queryClient.ensureQueryData(membersQuery()),
            queryClient.ensureQueryData(courseListQuery()),
          ]
        : []),
    ]),
  component: DashboardPage,
});

/**
 * docs/SPEC.md §2: a welcome with the organization name and a Getting Started card; decision 0045: everyone's
 * own training, and the card only for those who can act on one of its steps.
 */
function DashboardPage() {
  const organization = useRouteOrganization();
  const { data: user } = useCurrentUser();
  const { denied } = Route.useSearch();
  const coursesPath: string = `/${encodeURIComponent(organization.slug)}/courses`;
  const teamPath: string = `/${encodeURIComponent(organization.slug)}/team`;
  const certificatesPath: string = `/${encodeURIComponent(organization.slug)}/certificates`;

  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <DeniedNote denied={denied} className="mb-6" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-600">Dashboard</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            Welcome to {organization.name}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
            {user && <span>Hi {user.name}.</span>}
            <Badge variant={ROLE_BADGE_VARIANTS[organization.role]}>{roleLabel(organization.role)}</Badge>
            <span className="flex items-center gap-1 text-sm text-slate-500">
              <Users className="size-4" aria-hidden="true" />
              {organization.memberCount === 1 ? "1 member" : `${organization.memberCount} members`}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2 self-start">
          {/* Managers have no Team link in the navigation (docs/SPEC.md §6), so it is here. */}
          {can(organization.role, "team.manage") && (
            <Link to={teamPath} className={buttonClassName({ variant: "outline" })}>
              <Users aria-hidden="true" />
              Manage team
            </Link>
          )}
          <Link to={coursesPath} className={buttonClassName({ variant: "outline" })}>
            <BookOpen aria-hidden="true" />
            Browse courses
          </Link>
          <Link to={certificatesPath} className={buttonClassName({ variant: "outline" })}>
            <Award aria-hidden="true" />
            My certificates
          </Link>
        </div>
      </div>

      <div className="mt-8 flex flex-col gap-10">
        <MyTraining orgSlug={organization.slug} />
        {showsGettingStarted(organization.role) && <GettingStarted slug={organization.slug} role={organization.role} />}
      </div>
    </section>
  );
}

import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { LayoutDashboard, Tags } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import { PageSpinner } from "#client/components/ui/spinner.js";
import { type CurrentOrganization, requireSignedIn, useCurrentUser } from "#client/features/auth/current-user.js";
import { DemoVideo } from "#client/features/marketing/demo-video.js";
import { dashboardPath } from "#client/features/orgs/queries.js";

export const Route = createFileRoute("/onboarding")({
  beforeLoad: async ({ context, location }) => {
    const user = await requireSignedIn(context.queryClient, location);
    // docs/SPEC.md §2: onboarding follows the creation of an organization; without one, create it first.
    if (!user.currentOrganization) throw redirect({ to: "/setup-org", replace: true });
    return { organization: user.currentOrganization };
  },
  component: OnboardingPage,
});

function OnboardingPage() {
  const { data: user } = useCurrentUser();
  const context: { organization?: CurrentOrganization } = Route.useRouteContext();
  // The cached user is the live one (a rename elsewhere shows); the guard's copy covers the first render.
  const organization = user?.currentOrganization ?? context.organization;
  if (!organization) return <PageSpinner />;
  // Plain paths, as the header's navigation builds them: the pages belong to other areas of the app.
  const tagsPath: string = `/${encodeURIComponent(organization.slug)}/tags`;
  const homePath: string = dashboardPath(organization.slug);

  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-10 text-center sm:px-6 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        Your org is set-up, {user?.name}
      </h1>
      <p className="mt-3 text-lg text-slate-600">Please watch this short video:</p>
      <DemoVideo className="mt-8 w-full" />
      <div className="mt-8 flex w-full flex-col items-center justify-center gap-3 sm:flex-row">
        <Link to={tagsPath} className={buttonClassName({ size: "lg" })}>
          <Tags aria-hidden="true" />
          Set-up Tags
        </Link>
        <Link to={homePath} className={buttonClassName({ size: "lg", variant: "outline" })}>
          <LayoutDashboard aria-hidden="true" />
          Go to Dashboard
        </Link>
      </div>
    </section>
  );
}

import { createFileRoute, redirect } from "@tanstack/react-router";
import { Building2 } from "lucide-react";
import { Card } from "#client/components/ui/card.js";
import { requireSignedIn } from "#client/features/auth/current-user.js";
import { CreateOrgForm } from "#client/features/orgs/create-org-form.js";
import { DeletedOrganizationNotices } from "#client/features/orgs/deleted-notices.js";
import { APP_NAME } from "#shared/constants.js";

interface SetupOrgSearch {
  /** "New organization" from the header or /select-org: someone who has one already makes another. */
  new?: 1;
}

export const Route = createFileRoute("/setup-org")({
  // The router reads "new=1" as the number 1; a hand-typed "new=true" counts too.
  validateSearch: (search: Record<string, unknown>): SetupOrgSearch => ({
    new: search.new === 1 || search.new === "1" || search.new === true || search.new === "true" ? 1 : undefined,
  }),
  beforeLoad: async ({ context, location, search }) => {
    const user = await requireSignedIn(context.queryClient, location);
    // docs/SPEC.md §2: a user with a current organization is past this step, unless they asked for another one.
    if (user.currentOrganization && !search.new) throw redirect({ to: "/onboarding", replace: true });
  },
  component: SetupOrgPage,
});

function SetupOrgPage() {
  const { new: another } = Route.useSearch();
  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <Card className="shadow-lg shadow-slate-900/5">
        <div className="flex flex-col gap-8 p-6 sm:p-8">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
              <Building2 className="size-6" aria-hidden="true" />
            </span>
            <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome to {APP_NAME}</h1>
            <p className="mt-2 text-sm text-slate-600">
              {another
                ? "Create another organization. You can switch between your organizations at any time."
                : "Set up your organization to start training your team."}
            </p>
          </div>
          <DeletedOrganizationNotices />
          <CreateOrgForm />
        </div>
      </Card>
    </section>
  );
}

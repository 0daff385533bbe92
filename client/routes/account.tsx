import { createFileRoute } from "@tanstack/react-router";
import { LogOut, UserRound } from "lucide-react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { EmailCard } from "#client/features/account/email-card.js";
import { LanguageCard } from "#client/features/account/language-card.js";
import { PasswordCard } from "#client/features/account/password-card.js";
import { SessionsCard } from "#client/features/account/sessions-card.js";
import { requireSignedIn, useCurrentUser } from "#client/features/auth/current-user.js";
import { useLogout } from "#client/features/auth/mutations.js";
import { RemindersCard } from "#client/features/mail/reminders-card.js";
import { LeaveOrgCard } from "#client/features/orgs/leave-org-card.js";
import { MembershipCard } from "#client/features/orgs/membership-card.js";
import { ROLE_BADGE_VARIANTS, roleLabel } from "#shared/roles.js";

export const Route = createFileRoute("/account")({
  beforeLoad: async ({ context, location }) => {
    await requireSignedIn(context.queryClient, location);
  },
  component: AccountPage,
});

function AccountPage() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const org = user?.currentOrganization ?? null;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account</h1>

      <div className="mt-8 flex flex-col gap-6">
        {user && (
          <Card>
            <div className="flex items-center gap-4 p-5 sm:p-6">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <UserRound className="size-6" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
                <p className="truncate text-sm text-slate-600">{user.email}</p>
              </div>
              {org && (
                <div className="ml-auto hidden min-w-0 flex-col items-end gap-1 text-right sm:flex">
                  <span className="truncate text-sm font-medium text-slate-700">{org.name}</span>
                  <Badge variant={ROLE_BADGE_VARIANTS[org.role]}>{roleLabel(org.role)}</Badge>
                </div>
              )}
            </div>
          </Card>
        )}

        {user && <LanguageCard setting={user.languageSetting} />}
        {user && <EmailCard email={user.email} />}
        <PasswordCard />
        <SessionsCard />
        <RemindersCard />

        <MembershipCard />

        {org && <LeaveOrgCard org={org} />}

        <Card>
          <CardHeader>
            <CardTitle>Log Out</CardTitle>
            <CardDescription>Sign out of your account on this device.</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button variant="destructive" loading={logout.isPending} onClick={() => logout.mutate()}>
              {!logout.isPending && <LogOut aria-hidden="true" />}
              {logout.isPending ? "Logging out..." : "Log Out"}
            </Button>
          </CardFooter>
        </Card>
      </div>
    </section>
  );
}

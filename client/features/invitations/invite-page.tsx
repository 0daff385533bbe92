import { useQuery } from "@tanstack/react-query";
import { CircleAlert, LogOut, MailOpen, UserRoundX, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { PageSpinner, Spinner } from "#client/components/ui/spinner.js";
import { AuthForm } from "#client/features/auth/auth-form.js";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { homePathFor } from "#client/features/auth/destination.js";
import { useLogout } from "#client/features/auth/mutations.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import { can } from "#shared/permissions.js";
import { type Role, roleLabel } from "#shared/roles.js";
import { HomeLink, InviteCard } from "./invite-cards.js";
import { INVITE_TEXT, useAcceptInvite } from "./use-accept-invite.js";

/**
 * What the invitation makes of the person, in plain words: a learner simply takes the training; the other
 * access levels are named ("as a Manager"), since they add duties.
 */
function invitedAs(role: Role): string {
  if (!can(role, "courses.edit")) return "to take the training there";
  return `as ${role === "admin" ? "an" : "a"} ${roleLabel(role)}`;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The invitation page (docs/SPEC.md §2, §4), shared by /:orgSlug/invite and /invite. The routes have already
 * sent a token of another organization to the generic page; this decides what the visitor sees.
 */
export function InvitePage({ token }: { token: string | undefined }) {
  if (!token) {
    return (
      <InviteCard
        icon={CircleAlert}
        tone="danger"
        title="Invitation Error"
        description={INVITE_TEXT.missingToken}
        alert
      >
        <HomeLink />
      </InviteCard>
    );
  }
  return <InviteForToken token={token} />;
}

function InviteForToken({ token }: { token: string }) {
  // No retry (docs/SPEC.md §9), and no refetch on focus: a link that has just been used must not turn into an
  // error card under the person who used it.
  const invite = useQuery(
    trpc.team.decodeInvite.queryOptions({ token }, { retry: false, refetchOnWindowFocus: false }),
  );
  const { data: user, isPending: userPending } = useCurrentUser();
  const accept = useAcceptInvite();
  const logout = useLogout({ stayOnPage: true });
  // docs/SPEC.md §4: set by a login or registration on this page; the effect below acts on it once both the
  // user and the invitation are known.
  const [autoAccept, setAutoAccept] = useState(false);
  const acceptInvite = accept.mutate;
  const acceptIdle = accept.isIdle;

  useEffect(() => {
    if (!autoAccept || !user || !invite.data) return;
    if (sameEmail(user.email, invite.data.email) && !user.currentOrganization) {
      // The flag stays set while the call runs (the page keeps showing "Joining"); only a failure
      // clears it, and success leaves the page. Idle only: a refetched user must not accept twice.
      if (acceptIdle) acceptInvite({ token }, { onError: () => setAutoAccept(false) });
      return;
    }
    // docs/SPEC.md §4: a mismatch or an existing organization clears the pending auto-accept.
    setAutoAccept(false);
  }, [autoAccept, user, invite.data, acceptIdle, acceptInvite, token]);

  if (invite.isError) {
    return (
      <InviteCard
        icon={CircleAlert}
        tone="danger"
        title="Invitation Error"
        description={errorMessage(invite.error, INVITE_TEXT.decodeFailed)}
        alert
      >
        <HomeLink />
      </InviteCard>
    );
  }
  if (invite.isPending || userPending) return <PageSpinner label="Loading invitation" />;

  const data = invite.data;
  if (accept.isPending || accept.isSuccess || autoAccept) {
    return (
      <InviteCard icon={Users} title={`Joining ${data.orgName}`} description="Setting up your membership...">
        <div className="flex justify-center">
          <Spinner size="lg" label={`Joining ${data.orgName}`} />
        </div>
      </InviteCard>
    );
  }

  const intro = (
    <p>
      <strong className="font-semibold text-slate-800">{data.inviterName}</strong> has invited you to join{" "}
      <strong className="font-semibold text-slate-800">{data.orgName}</strong> {invitedAs(data.role)}.
    </p>
  );

  if (!user) {
    const existing = data.userExists;
    return (
      <InviteCard
        icon={MailOpen}
        title="You're Invited"
        description={
          <>
            {intro}
            <p className="mt-2">{existing ? "Log in to your account to accept." : "Create your account to accept."}</p>
          </>
        }
      >
        <AuthForm
          key={existing ? "signin" : "signup"}
          mode={existing ? "signin" : "signup"}
          fixedEmail={data.email}
          suggestedName={data.name}
          inviteToken={token}
          submitLabel={existing ? "Login & Join" : "Create Account & Join"}
          onAuthenticated={() => setAutoAccept(true)}
        />
      </InviteCard>
    );
  }

  if (!sameEmail(user.email, data.email)) {
    return (
      <InviteCard
        icon={UserRoundX}
        tone="warning"
        title="Account Mismatch"
        description={
          <p>
            This invitation is for <strong className="font-semibold text-slate-800">{data.email}</strong>, but you are
            logged in as <strong className="font-semibold text-slate-800">{user.email}</strong>. Log out and continue
            with the invited account.
          </p>
        }
      >
        <Button size="lg" className="w-full" loading={logout.isPending} onClick={() => logout.mutate()}>
          {!logout.isPending && <LogOut />}
          Log Out & Switch Account
        </Button>
      </InviteCard>
    );
  }

  if (user.currentOrganization) {
    return (
      <InviteCard
        icon={Users}
        tone="warning"
        title="Already in an Organization"
        description={<p>{INVITE_TEXT.alreadyInOrganization}</p>}
      >
        <HomeLink to={homePathFor(user)} label={`Go to ${user.currentOrganization.name}`} />
      </InviteCard>
    );
  }

  return (
    <InviteCard
      icon={MailOpen}
      title="You're Invited"
      description={
        <>
          {intro}
          <p className="mt-3 text-base font-medium text-slate-800">Welcome back, {user.name}!</p>
        </>
      }
    >
      <Button size="lg" className="w-full" loading={accept.isPending} onClick={() => accept.mutate({ token })}>
        Accept Invitation
      </Button>
    </InviteCard>
  );
}

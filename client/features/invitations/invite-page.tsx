import { useQuery } from "@tanstack/react-query";
import { CircleAlert, LogOut, MailOpen, UserRoundX, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.js";
import { PageSpinner, Spinner } from "#client/components/ui/spinner.js";
import { AuthForm } from "#client/features/auth/auth-form.js";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { homePathFor } from "#client/features/auth/destination.js";
import { useLogout } from "#client/features/auth/mutations.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import { can } from "#shared/permissions.js";
import type { Role } from "#shared/roles.js";
import { HomeLink, InviteCard } from "./invite-cards.js";
import { useAcceptInvite } from "./use-accept-invite.js";

/**
 * What the invitation makes of the person, in plain words (the `role` selection of "invite.intro"): a
 * learner simply takes the training; the other access levels are named ("as a Manager"), since they add duties.
 */
function invitedAs(role: Role): string {
  return can(role, "courses.edit") ? role : "other";
}

const STRONG = { strong: <strong className="font-semibold text-slate-800" /> };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The invitation page (docs/SPEC.md §2, §4), shared by /:orgSlug/invite and /invite. The routes have already
 * sent a token of another organization to the generic page; this decides what the visitor sees.
 */
export function InvitePage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  if (!token) {
    return (
      <InviteCard
        icon={CircleAlert}
        tone="danger"
        title={t("invite.error.title")}
        description={t("invite.missingToken")}
        alert
      >
        <HomeLink />
      </InviteCard>
    );
  }
  return <InviteForToken token={token} />;
}

function InviteForToken({ token }: { token: string }) {
  const { t } = useTranslation();
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
        title={t("invite.error.title")}
        description={errorMessage(invite.error, t("invite.decodeFailed"))}
        alert
      >
        <HomeLink />
      </InviteCard>
    );
  }
  if (invite.isPending || userPending) return <PageSpinner label={t("invite.loading")} />;

  const data = invite.data;
  if (accept.isPending || accept.isSuccess || autoAccept) {
    return (
      <InviteCard
        icon={Users}
        title={t("invite.joining", { orgName: data.orgName })}
        description={t("invite.settingUp")}
      >
        <div className="flex justify-center">
          <Spinner size="lg" label={t("invite.joining", { orgName: data.orgName })} />
        </div>
      </InviteCard>
    );
  }

  const intro = (
    <p>
      <Trans
        i18nKey="invite.intro"
        values={{ inviterName: data.inviterName, orgName: data.orgName, role: invitedAs(data.role) }}
        components={STRONG}
      />
    </p>
  );

  if (!user) {
    const existing = data.userExists;
    return (
      <InviteCard
        icon={MailOpen}
        title={t("invite.title")}
        description={
          <>
            {intro}
            <p className="mt-2">{existing ? t("invite.signinToAccept") : t("invite.signupToAccept")}</p>
          </>
        }
      >
        <AuthForm
          key={existing ? "signin" : "signup"}
          mode={existing ? "signin" : "signup"}
          fixedEmail={data.email}
          suggestedName={data.name}
          inviteToken={token}
          submitLabel={existing ? t("invite.signinSubmit") : t("invite.signupSubmit")}
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
        title={t("invite.mismatch.title")}
        description={
          <p>
            <Trans
              i18nKey="invite.mismatch.text"
              values={{ invited: data.email, current: user.email }}
              components={STRONG}
            />
          </p>
        }
      >
        <Button size="lg" className="w-full" loading={logout.isPending} onClick={() => logout.mutate()}>
          {!logout.isPending && <LogOut />}
          {t("invite.mismatch.switch")}
        </Button>
      </InviteCard>
    );
  }

  if (user.currentOrganization) {
    return (
      <InviteCard
        icon={Users}
        tone="warning"
        title={t("invite.already.title")}
        description={<p>{t("invite.alreadyInOrganization")}</p>}
      >
        <HomeLink to={homePathFor(user)} label={t("invite.goTo", { orgName: user.currentOrganization.name })} />
      </InviteCard>
    );
  }

  return (
    <InviteCard
      icon={MailOpen}
      title={t("invite.title")}
      description={
        <>
          {intro}
          <p className="mt-3 text-base font-medium text-slate-800">{t("invite.welcomeBack", { name: user.name })}</p>
        </>
      }
    >
      <Button size="lg" className="w-full" loading={accept.isPending} onClick={() => accept.mutate({ token })}>
        {t("invite.accept")}
      </Button>
    </InviteCard>
  );
}

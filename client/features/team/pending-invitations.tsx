import { Clock, MailX, RefreshCw } from "lucide-react";
import { useRef, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { Dialog } from "#client/components/ui/dialog.js";
import { LoadMore } from "#client/components/ui/load-more.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { formatDate } from "#client/lib/dates.js";
import { errorMessage } from "#client/lib/errors.js";
import { focusFirst } from "#client/lib/focus.js";
import { canAssignRole } from "#shared/permissions.js";
import { ROLE_BADGE_VARIANTS, type Role, roleLabel } from "#shared/roles.js";
import { type PendingInvitation, useInvitations, useResendInvite, useRevokeInvite } from "./admin-queries.js";
import { InviteLink } from "./invite-dialog.js";

/**
 * The invitations nobody has accepted yet, on the team page of those who manage it. Resend makes
 * a new link (the old one stops working) and shows it to copy; revoke ends the link after a confirmation.
 * Newest first, a page at a time: "Show more" loads the next page (never scrolling, as the list sits above
 * the members), then moves keyboard focus to the first invitation it brought.
 */
export function PendingInvitations({ actorRole }: { actorRole: Role }) {
  const invitations = useInvitations(true);
  const listRef = useRef<HTMLUListElement>(null);
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const [newLink, setNewLink] = useState<{ link: string; name: string; emailed: boolean } | null>(null);

  if (invitations.isPending) {
    return (
      <section aria-label="Pending invitations" aria-busy="true" className="mt-8">
        <Skeleton className="h-20 w-full" />
      </section>
    );
  }
  if (invitations.isError && !invitations.data) {
    return (
      <p role="alert" className="mt-8 text-sm text-red-700">
        Error: {errorMessage(invitations.error, "The invitations could not be loaded.")}
      </p>
    );
  }
  const rows = invitations.data.pages.flat();
  if (rows.length === 0) return null;
  const { hasNextPage } = invitations;

  /** The next page, then focus on its first invitation, so the keyboard goes on where the list grew. */
  const showMore = async () => {
    const shown = rows.length;
    const result = await invitations.fetchNextPage();
    if (result.isError) return;
    // Asked again for a few frames: the new rows may not be rendered yet when the fetch resolves.
    focusFirst(() => [listRef.current?.children.item(shown)]);
  };

  return (
    <section aria-labelledby="pending-invitations" className="mt-8" aria-busy={invitations.isFetching || undefined}>
      <h2 id="pending-invitations" className="text-lg font-semibold text-slate-900">
        Pending invitations{" "}
        <span className="font-normal text-slate-500">
          ({rows.length}
          {hasNextPage ? "+" : ""})
        </span>
      </h2>
      <Card className="mt-3 divide-y divide-slate-100">
        <ul ref={listRef} aria-label="Pending invitations">
          {rows.map((invitation) => {
            const mayAct = canAssignRole(actorRole, "user", invitation.role);
            return (
              <li
                key={invitation.id}
                tabIndex={-1}
                className="flex flex-col gap-3 border-slate-100 px-4 py-3 not-first:border-t focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 sm:flex-row sm:items-center sm:px-5"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-slate-900 wrap-anywhere">{invitation.name}</span>
                    <Badge variant={ROLE_BADGE_VARIANTS[invitation.role]}>{roleLabel(invitation.role)}</Badge>
                    {invitation.expired && <Badge variant="destructive">Expired</Badge>}
                  </p>
                  <p className="text-sm text-slate-600 wrap-anywhere">{invitation.email}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                    <span className="flex items-center gap-1">
                      <Clock className="size-3.5" aria-hidden="true" />
                      {invitation.expired ? "Expired" : "Expires"} {formatDate(invitation.expiresAt)}
                    </span>
                    {invitation.invitedBy && <span>Invited by {invitation.invitedBy}</span>}
                    {invitation.tags.length > 0 && (
                      <span>Tags: {invitation.tags.map((tag) => tag.name).join(", ")}</span>
                    )}
                  </p>
                </div>
                {mayAct && (
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Resend invitation to ${invitation.name}`}
                      loading={resend.isPending && resend.variables?.invitationId === invitation.id}
                      onClick={() =>
                        resend.mutate(
                          { invitationId: invitation.id },
                          {
                            onSuccess: ({ inviteLink, emailed }) =>
                              setNewLink({ link: inviteLink, name: invitation.name, emailed }),
                          },
                        )
                      }
                    >
                      <RefreshCw aria-hidden="true" />
                      Resend
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Revoke invitation to ${invitation.name}`}
                      onClick={() => setRevoking(invitation)}
                    >
                      <MailX aria-hidden="true" />
                      Revoke
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </Card>
      <LoadMore
        auto={false}
        className="mt-3"
        label="Show more pending invitations"
        hasNextPage={hasNextPage}
        isFetchingNextPage={invitations.isFetchingNextPage}
        fetchNextPage={showMore}
      />
      {invitations.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-red-700">
          Error: {errorMessage(invitations.error, "The invitations could not be loaded.")}
        </p>
      )}

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this invitation?"
        description={
          <>
            The link sent to <strong className="font-semibold text-slate-900">{revoking?.email}</strong> will stop
            working. You can invite them again later.
          </>
        }
        confirmLabel="Revoke Invitation"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() =>
          revoking && revoke.mutate({ invitationId: revoking.id }, { onSuccess: () => setRevoking(null) })
        }
      />
      <Dialog open={newLink !== null} onOpenChange={(open) => !open && setNewLink(null)}>
        {newLink && (
          <InviteLink
            title="New Invitation Link"
            link={newLink.link}
            name={newLink.name}
            emailed={newLink.emailed}
            onClose={() => setNewLink(null)}
          />
        )}
      </Dialog>
    </section>
  );
}

import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2, X } from "lucide-react";
import { Button } from "#client/components/ui/button.js";
import { formatDate } from "#client/lib/dates.js";
import { trpc } from "#client/lib/trpc.js";

/** The organizations the person belonged to that were deleted, until they dismiss each (decision 0296). */
const deletedOrganizationsQuery = trpc.orgs.deleted.queryOptions(undefined, { retry: false });

/** "Casa Rosa was deleted.": for the route guard, when the address names an organization that is gone. */
export async function deletedOrganizationText(queryClient: QueryClient, slug: string): Promise<string | null> {
  try {
    const notices = await queryClient.fetchQuery({ ...deletedOrganizationsQuery, staleTime: 0 });
    const notice = notices.find((each) => each.organizationSlug === slug);
    return notice ? `${notice.organizationName} was deleted.` : null;
  } catch {
    return null;
  }
}

/**
 * Where a member of a deleted organization lands (/select-org, /setup-org): what happened to it, instead of
 * only "You don't have access".
 */
export function DeletedOrganizationNotices() {
  const queryClient = useQueryClient();
  const notices = useQuery(deletedOrganizationsQuery);
  const dismiss = useMutation(
    trpc.orgs.dismissDeleted.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: deletedOrganizationsQuery.queryKey }),
    }),
  );
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Deleted organizations">
      {notices.data.map((notice) => (
        <li
          key={notice.id}
          className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <Building2 className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">{notice.organizationName} was deleted</p>
            <p className="mt-1">
              {notice.deletedByName ? `${notice.deletedByName} deleted it` : "It was deleted"} on{" "}
              {formatDate(notice.deletedAt)}, with its courses and records, so you are no longer a member. Ask for an
              invitation to another organization, or create your own.
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Dismiss the notice about ${notice.organizationName}`}
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate({ noticeId: notice.id })}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

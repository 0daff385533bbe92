import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams, useRouteContext } from "@tanstack/react-router";
import { useRef } from "react";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { toast } from "#client/lib/toast.js";
import { trpc } from "#client/lib/trpc.js";
import { ORG_TEXT, ORG_TOAST_IDS } from "./messages.js";
import { dashboardPath, type Organization, useOrganizations } from "./queries.js";
import { applySwitchedUser } from "./switching.js";

export interface SwitchOrganizationOptions {
  /**
   * Whether a failure is shown as a toast. docs/SPEC.md §4: a failed switch from the header's organization
   * select is only logged (the select simply stays on the current organization).
   */
  notifyOnError?: boolean;
}

/** orgs.switch with the spec's cache updates and toasts ("Switched to …", "Failed to switch organization."). */
function useSwitchOrganization({ notifyOnError = true }: SwitchOrganizationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.orgs.switch.mutationOptions({
      meta: notifyOnError ? { failure: ORG_TEXT.switchFailed } : {},
      onSuccess: async (user) => {
        await applySwitchedUser(queryClient, user);
        const name = user.currentOrganization?.name;
        if (name) toast.success(ORG_TEXT.switched(name), { id: ORG_TOAST_IDS.switched });
      },
      onError: (error) => console.error("Switching organization failed:", error),
    }),
  );
}

/**
 * Opens an organization's dashboard, switching to it first when it is not the current one. Resolves
 * false when the switch failed (the hook has already reported it).
 */
export function useOpenOrganization(options: SwitchOrganizationOptions = {}) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const switchOrg = useSwitchOrganization(options);
  const open = async (org: Pick<Organization, "id" | "slug">): Promise<boolean> => {
    if (user?.currentOrgId !== org.id) {
      try {
        await switchOrg.mutateAsync({ orgId: org.id });
      } catch {
        return false;
      }
    }
    await navigate({ href: dashboardPath(org.slug) });
    return true;
  };
  return { open, pendingOrgId: switchOrg.isPending ? switchOrg.variables?.orgId : undefined };
}

/**
 * The organization of the current /:orgSlug/… page: the one in the cached list that the URL names
 * (the list is newer than the guard's copy, so a rename shows at once), else the guard's route context.
 * The context is not trusted alone: while the router re-runs the guard (router.invalidate) it is
 * rebuilt without what the guard returned. The last organization seen covers the moment after a
 * deletion, when neither has it any more and the page is about to be left.
 */
export function useRouteOrganization(): Organization {
  const { orgSlug } = useParams({ from: "/$orgSlug/_org" });
  const context: { organization?: Organization } = useRouteContext({ from: "/$orgSlug/_org" });
  const { data: organizations } = useOrganizations();
  const last = useRef<Organization | undefined>(undefined);
  const slug = orgSlug.toLowerCase();
  const found = organizations?.find((org) => org.slug === slug) ?? context.organization ?? last.current;
  if (!found) throw new Error(ORG_TEXT.loadFailed);
  last.current = found;
  return found;
}

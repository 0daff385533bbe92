import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { trpc } from "#client/lib/trpc.js";
import { loadOrganizations, reloadCurrentUser } from "./queries.js";

const LEAVE_FAILED = "Failed to leave the organization.";

/**
 * Leaving the current organization (the last admin is refused by the server, with the reason).
 * Afterwards the user and the organizations are reloaded and /select-org picks where to go.
 */
export function LeaveOrgCard({ org }: { org: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useMutation(
    trpc.orgs.leave.mutationOptions({
      meta: { success: "answer", failure: LEAVE_FAILED },
      onSuccess: async () => {
        setOpen(false);
        await Promise.all([reloadCurrentUser(queryClient), loadOrganizations(queryClient, { fresh: true })]);
        await navigate({ to: "/select-org", replace: true });
      },
      onError: () => setOpen(false),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Leave Organization</CardTitle>
        <CardDescription>
          Stop being a member of {org.name}. Your completed training stays in its records; you can be invited again.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <LogOut aria-hidden="true" />
          Leave Organization
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Leave ${org.name}?`}
        description="You lose access to its courses, team and reports at once."
        confirmLabel="Leave Organization"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        onConfirm={() => leave.mutate({ orgId: org.id })}
      />
    </Card>
  );
}

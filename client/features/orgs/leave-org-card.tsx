import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.js";
import { useLeaveOrganization } from "./leave-organization.js";

/** Leaving the current organization (leave-organization.ts says what follows). */
export function LeaveOrgCard({ org }: { org: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveOrganization({ onSettled: () => setOpen(false) });
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

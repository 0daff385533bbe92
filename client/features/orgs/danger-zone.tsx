import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "#client/components/ui/card.js";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#client/components/ui/dialog.js";
import { FormAlert } from "#client/components/ui/form-alert.js";
import { Input } from "#client/components/ui/input.js";
import { Label } from "#client/components/ui/label.js";
import { errorMessage } from "#client/lib/errors.js";
import { trpc } from "#client/lib/trpc.js";
import { ORG_TEXT } from "./messages.js";
import { loadOrganizations, organizationQuery, orgStatsQuery, reloadCurrentUser } from "./queries.js";

/**
 * docs/SPEC.md §2 and §5: deleting the organization, for admins, only once its exact name is typed. Afterwards
 * the user and the organizations list are refreshed before going to /select-org, whose guard reads them.
 */
export function DangerZone({ orgId, name }: { orgId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const confirmId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const remove = useMutation(
    trpc.orgs.delete.mutationOptions({
      meta: { success: "answer", failure: ORG_TEXT.deleteFailed },
      onSuccess: async () => {
        await Promise.all([reloadCurrentUser(queryClient), loadOrganizations(queryClient, { fresh: true })]);
        await navigate({ to: "/select-org", replace: true });
        // Only now: while this page was still on screen, its queries would have refetched into errors.
        for (const query of [organizationQuery(orgId), orgStatsQuery(orgId)]) {
          void queryClient.resetQueries({ queryKey: query.queryKey });
        }
      },
    }),
  );

  const matches = typed === name;
  const onOpenChange = (next: boolean) => {
    // A running deletion cannot be called off by closing the dialog: keep it open until it is done.
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped("");
      remove.reset();
    }
  };

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-700">Danger Zone</CardTitle>
        <CardDescription>
          Deleting the organization removes its members' access, departments and roles, courses, lessons and progress.
          This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardFooter className="border-red-100">
        <Dialog open={open} onOpenChange={onOpenChange}>
          {/* A trigger, not a plain button: closing the dialog returns the focus to it. */}
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete Organization
            </Button>
          </DialogTrigger>
          <DialogContent hideCloseButton={remove.isPending}>
            <form
              className="flex flex-col gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (matches && !remove.isPending) remove.mutate({ orgId });
              }}
            >
              <DialogHeader>
                <DialogTitle>Delete organization?</DialogTitle>
                <DialogDescription>
                  This permanently deletes <strong className="font-semibold text-slate-900">{name}</strong> and
                  everything in it. This cannot be undone.
                </DialogDescription>
              </DialogHeader>
              {remove.error && <FormAlert>{errorMessage(remove.error, ORG_TEXT.deleteFailed)}</FormAlert>}
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={confirmId}>
                  Type <span className="font-semibold break-all">{name}</span> to confirm
                </Label>
                <Input
                  id={confirmId}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  disabled={remove.isPending}
                />
              </div>
              <DialogFooter>
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={!matches} loading={remove.isPending}>
                  {remove.isPending ? "Deleting..." : "Delete Organization"}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardFooter>
    </Card>
  );
}

import { useQuery } from "@tanstack/react-query";
import { UserPlus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { Label } from "#client/components/ui/label.js";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/components/ui/select.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { membersQuery } from "#client/features/team/queries.js";
import { formatDate } from "#client/lib/dates.js";
import { errorMessage } from "#client/lib/errors.js";
import { assignmentsQuery, useAssignmentMutations } from "./queries.js";

/**
 * Named people (decision 0045): besides its tags, a course can be assigned to particular members, e.g. a
 * new hire before their role is set. For those with the training.assign permission, on the course page.
 */
export function AssignmentsCard({ courseId }: { courseId: number }) {
  const assignments = useQuery(assignmentsQuery(courseId));
  // The whole team is read when someone reaches for the picker, not with every view of the course page:
  // a large organization's list would weigh on each page, and the page renders once without it (decision 0247).
  const [membersWanted, setMembersWanted] = useState(false);
  const members = useQuery({ ...membersQuery(), enabled: membersWanted });
  const wantMembers = () => setMembersWanted(true);
  const { create, remove } = useAssignmentMutations();
  const [chosen, setChosen] = useState("");
  const selectId = useId();

  const assignedIds = new Set(assignments.data?.assignments.map((assignment) => assignment.userId));
  const candidates = (members.data ?? []).filter((member) => !assignedIds.has(member.id));
  const everyoneAssigned = members.isSuccess && candidates.length === 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Assigned people</CardTitle>
        <CardDescription>People who get this course as training besides its tagged audience.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const userId = Number(chosen);
            if (!userId) return;
            create.mutate({ courseId, userIds: [userId] }, { onSuccess: () => setChosen("") });
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor={selectId}>Person</Label>
            <Select value={chosen} onValueChange={setChosen} onOpenChange={wantMembers} disabled={everyoneAssigned}>
              <SelectTrigger
                id={selectId}
                onFocus={wantMembers}
                onPointerEnter={wantMembers}
                onPointerDown={wantMembers}
              >
                <SelectValue placeholder={everyoneAssigned ? "Everyone is assigned" : "Choose a member"} />
              </SelectTrigger>
              {/* A closed list still renders its items once more, synchronously, after it mounts: not
                  with the page's first render, which it would make one long task (decision 0249). */}
              {membersWanted && (
                <SelectContent>
                  {members.isError ? (
                    <p role="alert" className="px-2 py-1.5 text-sm text-red-600">
                      {errorMessage(members.error, "Could not load the members.")}
                    </p>
                  ) : members.isPending ? (
                    <p className="flex items-center gap-2 px-2 py-1.5 text-sm text-slate-600">
                      <Spinner size="sm" decorative />
                      Loading members…
                    </p>
                  ) : null}
                  {candidates.map((member) => (
                    <SelectItem key={member.id} value={String(member.id)}>
                      {member.name} ({member.email})
                    </SelectItem>
                  ))}
                </SelectContent>
              )}
            </Select>
          </div>
          <Button type="submit" loading={create.isPending} disabled={!chosen}>
            <UserPlus aria-hidden="true" />
            Assign
          </Button>
        </form>

        {assignments.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : assignments.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {errorMessage(assignments.error, "Could not load the assigned people.")}
          </p>
        ) : assignments.data.assignments.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody is assigned by name.</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label="Assigned people"
          >
            {assignments.data.assignments.map((assignment) => (
              <li key={assignment.userId} className="flex items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{assignment.name}</p>
                  <p className="truncate text-xs text-slate-500">
                    {assignment.email} · assigned{" "}
                    <time dateTime={assignment.assignedAt.toISOString()}>{formatDate(assignment.assignedAt)}</time>
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${assignment.name}`}
                  loading={remove.isPending && remove.variables?.userId === assignment.userId}
                  onClick={() => remove.mutate({ courseId, userId: assignment.userId })}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

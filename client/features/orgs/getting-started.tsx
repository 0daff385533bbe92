import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, Circle, CircleCheck } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.js";
import { Spinner } from "#client/components/ui/spinner.js";
import { courseListQuery } from "#client/features/courses/queries.js";
import { tagTreeQuery } from "#client/features/tags/queries.js";
import { membersQuery } from "#client/features/team/queries.js";
import { cn } from "#client/lib/cn.js";
import { type Action, can } from "#shared/permissions.js";
import type { Role } from "#shared/roles.js";

/** "loading" until the data that decides the step has arrived; a failed read counts as not done. */
type StepState = "loading" | "done" | "todo";

interface Step {
  id: string;
  title: string;
  description: string;
  /** Who may not act on it reads why instead of a link. */
  blocked: string;
  action: string;
  path: string;
  permission: Action;
  state: StepState;
}

function stateOf(query: { isPending: boolean; isError: boolean }, done: boolean): StepState {
  if (query.isError) return "todo";
  if (query.isPending) return "loading";
  return done ? "done" : "todo";
}

/** What each step asks of whoever acts on it. */
const STEP_PERMISSIONS = {
  tags: "tags.manage",
  team: "team.manage",
  course: "courses.create",
} as const satisfies Record<string, Action>;

/**
 * The card is for admins and managers (decision 0045), who can act on its steps; a checklist of things
 * somebody else must do is only noise for everyone else.
 */
export function showsGettingStarted(role: Role): boolean {
  return Object.values(STEP_PERMISSIONS).some((action) => can(role, action));
}

/**
 * The dashboard's next steps (docs/SPEC.md §2): departments and roles, the team, the first course, each ticked
 * from the organization's real data. Everyone may read these lists (docs/DESIGN.md §6); the links are shown to
 * those allowed to act on them.
 */
export function GettingStarted({ slug, role }: { slug: string; role: Role }) {
  const base = `/${encodeURIComponent(slug)}`;
  const tags = useQuery(tagTreeQuery());
  const members = useQuery(membersQuery());
  const courses = useQuery(courseListQuery());

  const steps: Step[] = [
    {
      id: "tags",
      title: "Set up departments & roles",
      description: "Group your people by department and role, so each course reaches the right team.",
      blocked: "An admin sets these up.",
      action: "Set up tags",
      path: `${base}/tags`,
      permission: STEP_PERMISSIONS.tags,
      state: stateOf(tags, (tags.data?.length ?? 0) > 0),
    },
    {
      id: "team",
      title: "Invite your team",
      description: "Send invite links to the people you train and give each one a role.",
      blocked: "An admin or manager invites members.",
      action: "Invite members",
      path: `${base}/team`,
      permission: STEP_PERMISSIONS.team,
      // The creator is the first member: the step is done once anyone else has joined.
      state: stateOf(members, (members.data?.length ?? 0) > 1),
    },
    {
      id: "course",
      title: "Create your first course",
      description: "Turn a standard operating procedure into modules and lessons.",
      blocked: "An admin or manager creates courses.",
      action: "Go to courses",
      path: `${base}/courses`,
      permission: STEP_PERMISSIONS.course,
      state: stateOf(courses, (courses.data?.length ?? 0) > 0),
    },
  ];
  const doneCount = steps.filter((step) => step.state === "done").length;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Getting Started</CardTitle>
          <CardDescription>A few steps to get your organization ready for training.</CardDescription>
        </div>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
          {doneCount} of {steps.length} done
        </span>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {steps.map((step) => (
            <StepRow key={step.id} step={step} allowed={can(role, step.permission)} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function StepRow({ step, allowed }: { step: Step; allowed: boolean }) {
  const done = step.state === "done";
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center">
          {step.state === "loading" ? (
            <Spinner size="sm" label={`Checking: ${step.title}`} />
          ) : done ? (
            <CircleCheck className="size-6 text-green-600" aria-hidden="true" />
          ) : (
            <Circle className="size-6 text-slate-300" aria-hidden="true" />
          )}
        </span>
        <div className="min-w-0">
          <p
            className={cn("font-medium", done ? "text-slate-500 line-through decoration-slate-300" : "text-slate-900")}
          >
            {step.title}
            {step.state !== "loading" && <span className="sr-only">{done ? " (done)" : " (to do)"}</span>}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">{allowed ? step.description : step.blocked}</p>
        </div>
      </div>
      {allowed && (
        <Link
          to={step.path}
          className={buttonClassName({
            variant: done ? "ghost" : "secondary",
            size: "sm",
            className: "self-start sm:self-center",
          })}
        >
          {done ? "View" : step.action}
          <ArrowRight aria-hidden="true" />
          <span className="sr-only">: {step.title}</span>
        </Link>
      )}
    </li>
  );
}

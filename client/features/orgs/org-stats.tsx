import { useQuery } from "@tanstack/react-query";
import { BookOpenCheck, CircleCheckBig, FileText, TriangleAlert, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { useScreenReady } from "#client/lib/screen-timing.js";
import { SKELETON_COUNTS } from "#shared/constants.js";
import { ORG_TEXT } from "./messages.js";
import { orgStatsQuery } from "./queries.js";

interface StatCardProps {
  label: string;
  value: number;
  /** What is counted: "Completed Lessons 4" beside "Total Lessons 4" would otherwise read as "all done". */
  explanation: string;
  icon: ReactNode;
}

function StatCard({ label, value, explanation, icon }: StatCardProps) {
  // Icon, label, value stacked: two cards side by side still fit a 375 px phone.
  return (
    <Card className="p-4 sm:p-5">
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">{icon}</span>
      <p className="mt-3 text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
        {value.toLocaleString()}
      </p>
      <p className="mt-1 text-xs text-slate-600">{explanation}</p>
    </Card>
  );
}

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4";

/** docs/SPEC.md §2, settings: the four statistics cards, 4 skeletons while loading (§9). */
export function OrgStats({ orgId }: { orgId: number }) {
  const stats = useQuery(orgStatsQuery(orgId));
  useScreenReady("settings", stats.isSuccess);

  if (stats.isPending) {
    return (
      <div className={GRID} aria-busy="true">
        <span className="sr-only">Loading statistics</span>
        {Array.from({ length: SKELETON_COUNTS.statCards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
          <Card key={index} className="p-4 sm:p-5" data-testid="stat-skeleton">
            <Skeleton className="size-9 rounded-lg" />
            <Skeleton className="mt-3 h-4 w-24" />
            <Skeleton className="mt-2 h-8 w-12" />
          </Card>
        ))}
      </div>
    );
  }

  if (stats.isError) {
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 border-red-200 p-5">
        <p className="flex items-center gap-2 text-sm font-medium text-red-700">
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          {ORG_TEXT.statsFailed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }

  const { memberCount, courseCount, lessonCount, totalCompletions } = stats.data;
  return (
    <div className={GRID}>
      <StatCard
        label="Total Members"
        value={memberCount}
        explanation="people in this organization"
        icon={<Users className="size-5" aria-hidden="true" />}
      />
      <StatCard
        label="Published Courses"
        value={courseCount}
        explanation="drafts not counted"
        icon={<BookOpenCheck className="size-5" aria-hidden="true" />}
      />
      <StatCard
        label="Total Lessons"
        value={lessonCount}
        explanation="in all courses, drafts too"
        icon={<FileText className="size-5" aria-hidden="true" />}
      />
      <StatCard
        label="Completed Lessons"
        value={totalCompletions}
        explanation="lesson completions by all members"
        icon={<CircleCheckBig className="size-5" aria-hidden="true" />}
      />
    </div>
  );
}

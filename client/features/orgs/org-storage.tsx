import { useQuery } from "@tanstack/react-query";
import { HardDrive, TriangleAlert } from "lucide-react";
import { Button } from "#client/components/ui/button.js";
import { Card } from "#client/components/ui/card.js";
import { ProgressBar } from "#client/components/ui/progress-bar.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { megabytes } from "#shared/schemas/uploads.js";
import { ORG_TEXT } from "./messages.js";
import { orgStorageQuery } from "./queries.js";

/** "X MB of Y MB used": the organization's images against its storage limit (decision 0276). */
function storageText(usedBytes: number, limitBytes: number): string {
  return `${megabytes(usedBytes)} of ${megabytes(limitBytes)} used`;
}

/** The settings page's image storage card, under the statistics. */
export function OrgStorage({ orgId }: { orgId: number }) {
  const storage = useQuery(orgStorageQuery(orgId));
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <HardDrive className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">Image storage</p>
          {storage.isPending ? (
            <Skeleton className="mt-1 h-5 w-40" />
          ) : storage.isError ? (
            <p className="flex items-center gap-2 text-sm font-medium text-red-700" role="alert">
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {ORG_TEXT.storageFailed}
            </p>
          ) : (
            <p className="font-semibold text-slate-900 tabular-nums">
              {storageText(storage.data.usedBytes, storage.data.limitBytes)}
            </p>
          )}
        </div>
        {storage.isError && (
          <Button variant="outline" size="sm" className="ml-auto" onClick={() => void storage.refetch()}>
            Try Again
          </Button>
        )}
      </div>
      {storage.isSuccess && (
        <>
          <ProgressBar
            value={(storage.data.usedBytes * 100) / storage.data.limitBytes}
            label="Image storage used"
            valueText={storageText(storage.data.usedBytes, storage.data.limitBytes)}
            tone="usage"
          />
          <p className="text-xs text-slate-500">
            Images uploaded into lessons, all courses together. An image goes with its course.
          </p>
        </>
      )}
    </Card>
  );
}

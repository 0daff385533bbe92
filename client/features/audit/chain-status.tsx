import { useQuery } from "@tanstack/react-query";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { AUDIT_TEXT, chainStateQuery } from "./queries.js";

/** The chain verified on the fly: "Intact up to entry N", or the first broken entry and why. */
export function ChainStatus() {
  const state = useQuery(chainStateQuery());
  if (state.isPending) return <Skeleton className="h-16 w-full" />;
  if (state.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800">
        {AUDIT_TEXT.verifyFailed}
      </p>
    );
  }
  const { broken, intactUpTo, entries, pending } = state.data;
  const waiting = pending > 0 ? ` ${pending} newer ${pending === 1 ? "entry is" : "entries are"} being added.` : "";
  if (broken) {
    return (
      <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">First broken entry: {broken.seq}</p>
          <p className="text-sm">
            {broken.message} Intact up to entry {intactUpTo} of {entries}.
          </p>
        </div>
      </div>
    );
  }
  return (
    <output className="flex items-start gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
      <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">Intact up to entry {intactUpTo}</p>
        <p className="text-sm">
          Every entry follows the one before it, matches its signed checkpoints and the records it names.{waiting}
        </p>
      </div>
    </output>
  );
}

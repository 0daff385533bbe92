import { ListChecks } from "lucide-react";

/** "Knowledge check" with its icon, as the builder and the lesson page title their section. */
export function CheckHeading({ id }: { id: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ListChecks className="size-5 text-brand-600" aria-hidden="true" />
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        Knowledge check
      </h2>
    </div>
  );
}

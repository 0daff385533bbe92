/** A thin line between the toolbar's groups of controls. */
export function Separator() {
  return <span aria-hidden="true" className="mx-0.5 h-6 w-px shrink-0 bg-slate-200" />;
}

/** A toolbar control named in words (the table's and the image's tools, shown while one is selected). */
export const WORD_TOOL_CLASS =
  "inline-flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-slate-700 hover:bg-slate-100 " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500";

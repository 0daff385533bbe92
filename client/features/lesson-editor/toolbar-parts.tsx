/** A thin line between the toolbar's groups of controls. */
export function Separator() {
  return <span aria-hidden="true" className="mx-0.5 h-6 w-px shrink-0 bg-slate-200" />;
}

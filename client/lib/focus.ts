/**
 * Where keyboard focus goes when the control that had it disappears (a deleted row's buttons, an
 * empty state replaced by a list). Controls that can take focus back are marked with `focusTarget(…)`
 * and found again with `focusTargetElement(…)`, by what they do rather than by their label.
 */
const ATTRIBUTE = "data-focus-target";

export function focusTarget(...parts: Array<string | number>): { [ATTRIBUTE]: string } {
  return { [ATTRIBUTE]: parts.join(":") };
}

/** The last matching control on the page (the header's, after an empty state's has gone). */
export function focusTargetElement(...parts: Array<string | number>): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}="${CSS.escape(parts.join(":"))}"]`);
  return all.item(all.length - 1);
}

/** Whether `element` is on the page and can take focus now. */
function canTakeFocus(element: Element | null | undefined): element is HTMLElement {
  // <body> is where focus falls when nothing has it (a button disabled while it worked): not a place to return to.
  if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return false;
  return !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0;
}

/** Frames to wait for a candidate: the change that closed a dialog may still be rendering the list. */
const MAX_FRAMES = 10;

/**
 * Focuses the first of the `candidates` that can take focus, asking again for a few frames while
 * none can; then the page's main region, so that keyboard users never start again from <body>.
 */
export function focusFirst(candidates: () => Array<Element | null | undefined>, frame = 0): void {
  const target = candidates().find(canTakeFocus);
  if (target) target.focus();
  else if (frame < MAX_FRAMES) requestAnimationFrame(() => focusFirst(candidates, frame + 1));
  else document.getElementById("main")?.focus();
}

import { type CSSProperties, useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { toasterMounted } from "#client/lib/toast.js";
import { TOAST } from "#shared/constants.js";

type ToasterVariable = "--width" | `--${"success" | "info" | "warning" | "error"}-text`;

/**
 * Sonner reads the toast width from a custom property; it has no prop for it. Its rich colours' texts
 * reach only 4.25:1 (success) and 4.34:1 (error) on their backgrounds: darker shades of the same hues
 * reach WCAG AA's 4.5:1. Set on the toaster element itself, they win over sonner's
 * stylesheet, which it injects after ours.
 */
const style: CSSProperties & Record<ToasterVariable, string> = {
  "--width": `${TOAST.widthPx}px`,
  "--success-text": "#166534",
  "--info-text": "#1e40af",
  "--warning-text": "#92400e",
  "--error-text": "#b91c1c",
};

/**
 * Sonner gives focus back to where it came from when focus leaves the toasts (meant for Alt+T). Reached
 * by Tab at the page's end, that sent Tab round the same toast for ever. Leaving the toasts forwards now
 * goes on past the page's end, as it would with no toast: the next Tab starts at the top. A listener on
 * the document runs after sonner's own (React's, on the app's root), so it undoes that return.
 */
function tabPastTheToasts(): () => void {
  let forwardTab = false;
  const onKeyDown = (event: KeyboardEvent) => {
    forwardTab = event.key === "Tab" && !event.shiftKey;
    // Only the focus move of this key press: a click later must keep the focus it gives.
    if (forwardTab) {
      setTimeout(() => {
        forwardTab = false;
      });
    }
  };
  const onFocusOut = (event: FocusEvent) => {
    const toasts = event.target instanceof Element ? event.target.closest("[data-sonner-toaster]") : null;
    if (!forwardTab || !toasts || (event.relatedTarget instanceof Node && toasts.contains(event.relatedTarget))) return;
    forwardTab = false;
    // Where Tab was going: a control after the toasts (a dialog's), or nowhere (past the page's end).
    if (event.relatedTarget instanceof HTMLElement) event.relatedTarget.focus();
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("focusout", onFocusOut);
  return () => {
    document.removeEventListener("keydown", onKeyDown, true);
    document.removeEventListener("focusout", onFocusOut);
  };
}

/**
 * The toaster itself, configured from docs/SPEC.md §9; loaded by components/ui/toaster.tsx.
 * The swipe-dismiss threshold (TOAST.swipeThresholdPx, 45 px) and the removal animation
 * (TOAST.removeDelayMs, 200 ms) are not exposed by sonner: they are its built-in SWIPE_THRESHOLD and
 * TIME_BEFORE_UNMOUNT, which equal the spec's values. Re-check them when upgrading sonner.
 */
export default function LoadedToaster() {
  // A parent's effects run after its children's: sonner's toaster has subscribed by now.
  useEffect(() => toasterMounted(toast), []);
  useEffect(tabPastTheToasts, []);
  return (
    <Sonner
      position={TOAST.position}
      visibleToasts={TOAST.visibleToasts}
      duration={TOAST.durationMs}
      gap={TOAST.gapPx}
      hotkey={[...TOAST.hotkey]}
      style={style}
      richColors
      closeButton
      // Not "Close …": pages have their own "Close" buttons, and a toast on screen must not make that
      // name ambiguous for people (and tests) looking for a button by its name.
      toastOptions={{ style: { fontSize: "14px" }, closeButtonAriaLabel: "Dismiss notification" }}
    />
  );
}

import { type CSSProperties, useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { toasterMounted } from "#client/lib/toast.js";
import { TOAST } from "#shared/constants.js";

// Sonner reads the toast width from this custom property; it has no prop for it.
const style: CSSProperties & Record<"--width", string> = { "--width": `${TOAST.widthPx}px` };

/**
 * The toaster itself, configured from docs/SPEC.md §9; loaded by components/ui/toaster.tsx.
 * The swipe-dismiss threshold (TOAST.swipeThresholdPx, 45 px) and the removal animation
 * (TOAST.removeDelayMs, 200 ms) are not exposed by sonner: they are its built-in SWIPE_THRESHOLD and
 * TIME_BEFORE_UNMOUNT, which equal the spec's values. Re-check them when upgrading sonner.
 */
export default function LoadedToaster() {
  // A parent's effects run after its children's: sonner's toaster has subscribed by now.
  useEffect(() => toasterMounted(toast), []);
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

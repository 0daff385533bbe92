import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, useRef, useState } from "react";
import { cn } from "#client/lib/cn.js";
import { focusFirst } from "#client/lib/focus.js";

/*
 * Radix supplies the accessibility: focus trap and return, Escape and outside click to close, aria-modal,
 * and the title/description wiring. Every DialogContent needs a DialogTitle (use the sr-only class to
 * hide it visually when the design has no visible title). The corner button is named "Dismiss dialog",
 * not "Close", so that a dialog's own "Close" button (e.g. the invite dialog's) has a unique name.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button, e.g. while a save is in progress. */
  hideCloseButton?: boolean;
  /** Where focus goes on closing when the control that opened the dialog is gone (see useReturnFocus). */
  returnFocus?: FocusFallback;
}

type FocusFallback = () => Element | null | undefined;

/**
 * Records the opener while the dialog's content first renders: after that, a field with autoFocus
 * takes focus (and Radix then skips its own open hook, so that hook cannot be the place).
 */
function OpenerRecorder({ record }: { record: () => void }) {
  useState(record);
  return null;
}

/**
 * Radix gives focus back to the control that had it before the dialog opened. When the dialog's work
 * removed that control (a deleted item, an empty state that became a list), focus would fall to <body>:
 * then `returnFocus` (as given when the dialog opened, for what it was opened about), or the main
 * region, takes it.
 */
export function useReturnFocus(returnFocus?: FocusFallback) {
  const opener = useRef<Element | null>(null);
  const fallback = useRef<FocusFallback | undefined>(undefined);
  const record = () => {
    opener.current = document.activeElement;
    fallback.current = returnFocus;
  };
  return {
    /** Rendered inside the dialog's content, so that it mounts with each opening. */
    recorder: <OpenerRecorder record={record} />,
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      focusFirst(() => [opener.current, fallback.current?.()]);
    },
  };
}

/** The dimmed page behind every dialog, also behind the search palette's own content. */
export function DialogOverlay() {
  return <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />;
}

export function DialogContent({
  className,
  children,
  hideCloseButton = false,
  returnFocus,
  ...props
}: DialogContentProps) {
  const focusHandlers = useReturnFocus(returnFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg",
          "-translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200",
          "bg-white p-5 shadow-xl sm:p-6 focus:outline-none",
          className,
        )}
        {...props}
        onCloseAutoFocus={focusHandlers.onCloseAutoFocus}
      >
        {focusHandlers.recorder}
        {children}
        {!hideCloseButton && (
          <DialogPrimitive.Close
            className={cn(
              "absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-slate-500",
              "hover:bg-slate-100 hover:text-slate-900",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
            )}
            aria-label="Dismiss dialog"
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("text-lg font-semibold leading-tight tracking-tight text-slate-900", className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-600", className)} {...props} />;
}

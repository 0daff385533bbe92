import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "./button.js";
import { useReturnFocus } from "./dialog.js";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The label of the confirming button, e.g. "Delete Course". */
  confirmLabel: string;
  /** Shown on the confirming button while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** Where focus goes afterwards when the control that asked is gone (the deleted item's button). */
  returnFocus?: () => Element | null | undefined;
  /** "primary" for a confirmation that destroys nothing (a warning the user may accept). */
  confirmVariant?: "destructive" | "primary";
}

/**
 * A destructive confirmation (Radix AlertDialog: role="alertdialog", focus starts on Cancel so that a
 * stray Enter never deletes). The dialog stays open while the action runs; the caller closes it when
 * the action has finished, so a failure can be retried.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  returnFocus,
  confirmVariant = "destructive",
}: ConfirmDialogProps) {
  const focusHandlers = useReturnFocus(returnFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={focusHandlers.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xl focus:outline-none sm:p-6"
        >
          {focusHandlers.recorder}
          <AlertDialog.Title className="text-lg font-semibold leading-tight tracking-tight text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-600">{description}</AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes the dialog at once, before the action has finished. */}
            <Button variant={confirmVariant} loading={pending} onClick={onConfirm}>
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

import { Download, X } from "lucide-react";
import { useId } from "react";
import { Button } from "#client/components/ui/button.js";
import { APP_NAME } from "#shared/constants.js";
import { useInstallPrompt } from "./use-install-prompt.js";

/**
 * docs/SPEC.md §1 and §4: offers to install the app when the browser has an install prompt for it and the
 * visitor has not turned the offer down. Bottom left on wide screens, keeping clear of the toasts on
 * the right; across the bottom on phones.
 */
export function InstallBanner() {
  const { canInstall, install, dismiss } = useInstallPrompt();
  const titleId = useId();
  if (!canInstall) return null;

  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-40 rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-lg sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={44} height={44} className="size-11 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1 pr-6">
          <h2 id={titleId} className="text-base font-semibold leading-tight">
            Install {APP_NAME}
          </h2>
          <p className="mt-1 text-sm text-slate-600">Add to your home screen for a faster, app-like experience.</p>
          <Button size="sm" className="mt-3" onClick={() => void install()}>
            <Download aria-hidden="true" />
            Install App
          </Button>
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-2 right-2"
        aria-label="Dismiss install banner"
        onClick={dismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}

import { Download, X } from "lucide-react";
import { useId, useLayoutEffect } from "react";
import { Button } from "#client/components/ui/button.js";
import { APP_NAME, LANDING_INSTALL_BANNER_ID } from "#shared/constants.js";
import { useInstallPrompt } from "./use-install-prompt.js";

interface InstallBannerViewProps {
  titleId: string;
  /** Absent in the landing shell's static copy: its boot script finds the buttons by `data-action`. */
  onInstall?: () => void;
  onDismiss?: () => void;
}

/**
 * The banner's markup: one for the app and for the landing shell's static copy (client/landing/render.tsx),
 * so the two are the same words in the same place. Bottom left on wide screens, keeping clear of the toasts
 * on the right; across the bottom on phones.
 */
export function InstallBannerView({ titleId, onInstall, onDismiss }: InstallBannerViewProps) {
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
          <Button size="sm" className="mt-3" onClick={onInstall} data-action="install">
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
        onClick={onDismiss}
        data-action="dismiss"
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}

/**
 * docs/SPEC.md §1 and §4: offers to install the app when the browser has an install prompt for it and the
 * visitor has not turned the offer down.
 */
export function InstallBanner() {
  const { canInstall, install, dismiss } = useInstallPrompt();
  const titleId = useId();
  // On the landing page the boot script may be showing its static copy for the same prompt: this one
  // takes its place, in the same spot, before the browser paints.
  useLayoutEffect(() => {
    if (canInstall) document.getElementById(LANDING_INSTALL_BANNER_ID)?.remove();
  }, [canInstall]);
  if (!canInstall) return null;
  return <InstallBannerView titleId={titleId} onInstall={() => void install()} onDismiss={dismiss} />;
}

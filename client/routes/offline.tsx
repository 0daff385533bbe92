import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { CircleCheck, House, RefreshCw, Wifi, WifiOff } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Badge } from "#client/components/ui/badge.js";
import { Button, buttonClassName } from "#client/components/ui/button.js";
import { Card, CardContent, CardFooter, CardHeader } from "#client/components/ui/card.js";
import { AvailableOfflineList } from "#client/features/offline/available-offline-list.js";
import { useBrowserOnline } from "#client/features/offline/use-browser-online.js";
import { checkConnection } from "#client/features/pwa/check-connection.js";
import { formatTime } from "#client/lib/dates.js";
import {
  APP_NAME,
  CACHED_OFFLINE_PAGES,
  OFFLINE_AUTO_CHECK_INTERVAL_MS,
  OFFLINE_REDIRECT_DELAY_MS,
} from "#shared/constants.js";

export const Route = createFileRoute("/offline")({
  component: OfflinePage,
});

const RECONNECT_STEPS = [
  "Check that Wi-Fi or mobile data is turned on.",
  "Turn off airplane mode.",
  "Move closer to your router, or restart it.",
  "Retry the connection below.",
] as const;

/** What the last "Retry Connection" found, shown under the buttons (a retry says what happened). */
type RetryResult = { outcome: "failed"; at: Date } | null;

function OfflinePage() {
  const navigate = useNavigate();
  const online = useBrowserOnline();
  const [restored, setRestored] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [retryResult, setRetryResult] = useState<RetryResult>(null);

  const goHome = useCallback(() => void navigate({ to: "/", replace: true }), [navigate]);

  // docs/SPEC.md §2: once the browser is online, say so and go home. "Online" only means a network is there, so
  // the server is asked first, and asked again every little while: this page is also shown when just the
  // server is unreachable, and sending the visitor home then would bounce them straight back here.
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    let timer: number | undefined;
    const check = () => {
      checkConnection().then(
        () => {
          if (cancelled) return;
          setRestored(true);
          timer = window.setTimeout(goHome, OFFLINE_REDIRECT_DELAY_MS);
        },
        () => {
          if (!cancelled) timer = window.setTimeout(check, OFFLINE_AUTO_CHECK_INTERVAL_MS);
        },
      );
    };
    check();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [online, goHome]);

  async function retry() {
    setRetrying(true);
    setRetryResult(null);
    try {
      await checkConnection();
      setRestored(true);
      window.setTimeout(goHome, OFFLINE_REDIRECT_DELAY_MS);
    } catch (error) {
      // docs/SPEC.md §4: a failed retry is logged and the page stays.
      console.error("Retry Connection failed: the server is still unreachable.", error);
      setRetryResult({ outcome: "failed", at: new Date() });
    } finally {
      setRetrying(false);
    }
  }

  return (
    // A <div>, not <main>: the root layout owns the page's landmarks.
    <div className="mx-auto flex min-h-[80vh] w-full max-w-xl items-center px-4 py-10 sm:py-16">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            {restored ? (
              <Wifi aria-hidden="true" className="size-8" />
            ) : (
              <WifiOff aria-hidden="true" className="size-8" />
            )}
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">You're Offline</h1>
          {/* "Back Online!" only once the server answers: a network without it is still offline for this app. */}
          {restored ? (
            <Badge className="bg-emerald-50 text-emerald-700 ring-emerald-200">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              Back Online!
            </Badge>
          ) : (
            <Badge variant="secondary">
              <WifiOff aria-hidden="true" className="size-3.5" />
              Offline Mode
            </Badge>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {APP_NAME} can't reach the internet right now. This page takes you back as soon as the connection returns.
          </p>
          <output aria-live="polite" className="block min-h-5 text-sm font-medium text-emerald-700">
            {restored ? "Connection restored! Redirecting..." : ""}
          </output>
        </CardHeader>

        <CardContent className="grid gap-6 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <AvailableOfflineList />
          </div>
          <section aria-labelledby="cached-pages">
            <h2 id="cached-pages" className="text-sm font-semibold text-slate-900">
              Cached pages
            </h2>
            <ul className="mt-2 space-y-1.5">
              {CACHED_OFFLINE_PAGES.map((page) => (
                <li key={page}>
                  <a
                    href={page}
                    className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {page}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="reconnect-steps">
            <h2 id="reconnect-steps" className="text-sm font-semibold text-slate-900">
              To reconnect
            </h2>
            <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-slate-600 marker:text-slate-400">
              {RECONNECT_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </CardContent>

        <CardFooter className="flex-col items-stretch sm:flex-row sm:justify-center">
          <Button onClick={() => void retry()} loading={retrying}>
            {!retrying && <RefreshCw aria-hidden="true" />}
            Retry Connection
          </Button>
          <Link to="/" className={buttonClassName({ variant: "outline" })}>
            <House aria-hidden="true" />
            Go to Homepage
          </Link>
        </CardFooter>
        <output aria-live="polite" className="block px-5 pb-2 text-center text-sm text-slate-600 empty:hidden sm:px-6">
          {retrying ? "Checking the connection…" : ""}
        </output>
        {!retrying && retryResult && (
          <p role="alert" className="px-5 pb-4 text-center text-sm text-slate-600 sm:px-6">
            Still no connection (tried at {formatTime(retryResult.at)}). Please try again in a moment.
          </p>
        )}
      </Card>
    </div>
  );
}

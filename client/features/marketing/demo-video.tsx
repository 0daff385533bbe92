import { cn } from "#client/lib/cn.js";
import { APP_NAME, DEMO_VIDEO } from "#shared/constants.js";

/**
 * The product tour. Silent, so it needs no captions; it loads only when played (preload="none") so the
 * pages that show it stay light on a phone.
 */
export function DemoVideo({ className, title = `${APP_NAME} demo video` }: { className?: string; title?: string }) {
  return (
    <div
      className={cn(
        "overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-xl shadow-brand-900/10 ring-1 ring-slate-900/5",
        className,
      )}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the tour has no sound, so there is nothing to caption */}
      <video
        className="aspect-video w-full"
        src={DEMO_VIDEO.src}
        poster={DEMO_VIDEO.poster}
        title={title}
        aria-label={title}
        controls
        playsInline
        preload="none"
      />
    </div>
  );
}

import { APP_NAME, DEMO_VIDEO_EMBED_URL } from "../../../shared/constants.js";
import { cn } from "../../lib/cn.js";

/** The product's demo video, embedded from a host the Content-Security-Policy allows. */
export function DemoVideo({ className, title = `${APP_NAME} demo video` }: { className?: string; title?: string }) {
  return (
    <div
      className={cn(
        "overflow-hidden rounded-2xl border border-slate-200 bg-slate-900 shadow-xl shadow-brand-900/10 ring-1 ring-slate-900/5",
        className,
      )}
    >
      <iframe
        className="aspect-video w-full"
        src={DEMO_VIDEO_EMBED_URL}
        title={title}
        loading="lazy"
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}

import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import { DemoVideo } from "#client/features/marketing/demo-video.js";
import { APP_NAME } from "#shared/constants.js";

/** The product tour: one of the pages the offline page lists as kept for offline use (docs/SPEC.md §2). */
export const Route = createFileRoute("/demo")({
  component: DemoPage,
});

function DemoPage() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-12 text-center sm:px-6 sm:py-20">
      <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        Take the {APP_NAME} tour
      </h1>
      <p className="mt-3 text-slate-600">
        How an organization turns its procedures into courses and follows its team's progress.
      </p>
      <DemoVideo className="mt-8 w-full sm:mt-10" />
      <Link to="/login" search={{ signup: true }} className={buttonClassName({ size: "lg", className: "mt-8" })}>
        Get Started For Free
        <ArrowRight aria-hidden="true" />
      </Link>
    </section>
  );
}

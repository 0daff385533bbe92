import { createFileRoute, Link } from "@tanstack/react-router";
import { Sparkles } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import { DemoVideo } from "#client/features/marketing/demo-video.js";

export const Route = createFileRoute("/logged-out")({
  component: LoggedOutPage,
});

function LoggedOutPage() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-12 text-center sm:px-6 sm:py-20">
      <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        You logged out. While you're here, check this out...
      </h1>
      <DemoVideo className="mt-8 w-full sm:mt-10" />
      <Link to="/login" search={{ signup: true }} className={buttonClassName({ size: "lg", className: "mt-8" })}>
        <Sparkles aria-hidden="true" />
        I'm Curious
      </Link>
    </section>
  );
}

import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowRight, CircleCheck } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { useCurrentUser } from "#client/features/auth/current-user.js";
import { homePathFor } from "#client/features/auth/destination.js";
import { DemoVideo } from "#client/features/marketing/demo-video.js";
import { AboutSection, FeaturesSection, PolicySections } from "#client/features/marketing/landing-sections.js";
import { MARKETING_LINE } from "#shared/constants.js";

export const Route = createFileRoute("/")({
  component: LandingPage,
});

const HIGHLIGHTS = ["Free to start", "Courses and lessons", "Roles and departments"] as const;

function LandingPage() {
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-brand-100),transparent)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1.1fr_1fr]">
          <div className="text-center lg:text-left">
            <h1 className="text-[2rem] leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-[1.1] lg:text-[2.75rem]">
              {MARKETING_LINE}
            </h1>
            <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-pretty text-slate-600 lg:mx-0">
              Capture how your organization works, turn it into courses and watch your team's progress, all in one
              place.
            </p>
            <HeroActions />
            <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start">
              {HIGHLIGHTS.map((item) => (
                <li key={item} className="flex items-center gap-1.5">
                  <CircleCheck className="size-4 text-brand-600" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <DemoVideo />
        </div>
      </section>
      <FeaturesSection />
      <AboutSection />
      <PolicySections />
    </>
  );
}

function HeroActions() {
  const { data: user, isPending } = useCurrentUser();
  const wrapper = "mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center lg:justify-start";
  if (isPending) {
    return (
      <output className={wrapper}>
        <span className="sr-only">Loading</span>
        <Skeleton className="h-12 w-full sm:w-56" />
        <Skeleton className="h-12 w-full sm:w-40" />
      </output>
    );
  }
  return (
    <div className={wrapper}>
      {user ? (
        <Link to={homePathFor(user)} className={buttonClassName({ size: "lg" })}>
          {user.currentOrganization ? "Go to Dashboard" : "Set Up Your Organization"}
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : (
        <Link to="/login" search={{ signup: true }} className={buttonClassName({ size: "lg" })}>
          Get Started For Free
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
      <Link to="/" hash="features" className={buttonClassName({ variant: "outline", size: "lg" })}>
        See Features
      </Link>
    </div>
  );
}

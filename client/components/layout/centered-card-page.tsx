import type { ReactNode } from "react";
import { Card } from "#client/components/ui/card.js";

/** A page that is one narrow card centred under a soft brand glow: the login form, the invite states. */
export function CenteredCardPage({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex justify-center px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(40rem_18rem_at_50%_0%,var(--color-brand-100),transparent)]"
      />
      <Card className="w-full max-w-md shadow-lg shadow-slate-900/5">{children}</Card>
    </div>
  );
}

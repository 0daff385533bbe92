import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import { Button, buttonClassName } from "#client/components/ui/button.js";

/** What a page shows when loading it failed, instead of a blank screen. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error && error.message ? error.message : "Something went wrong.";
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => void router.invalidate()}>Try Again</Button>
        <Link to="/" className={buttonClassName({ variant: "outline" })}>
          Go to Homepage
        </Link>
      </div>
    </section>
  );
}

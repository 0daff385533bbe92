import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { buttonClassName } from "#client/components/ui/button.js";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClassName({ size: "lg", className: "mt-8" })}>
        Go to Homepage
      </Link>
    </section>
  );
}

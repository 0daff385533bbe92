import { createFileRoute } from "@tanstack/react-router";
import { Building2 } from "lucide-react";
import { APP_NAME } from "../../shared/constants.js";
import { Card } from "../components/ui/card.js";
import { useDocumentTitle } from "../lib/use-document-title.js";

export const Route = createFileRoute("/setup-org")({
  component: SetupOrgPage,
});

/** Placeholder until the organizations work adds the create-organization form (spec §2). */
function SetupOrgPage() {
  useDocumentTitle();
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-20">
      <Card>
        <div className="flex flex-col items-center px-6 py-10 text-center sm:py-12">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Building2 className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome to {APP_NAME}</h1>
          <p className="mt-3 text-slate-600">
            Organization setup is coming soon. Here you will name your organization and choose its address.
          </p>
        </div>
      </Card>
    </section>
  );
}

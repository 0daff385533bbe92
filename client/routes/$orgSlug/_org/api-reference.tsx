import { createFileRoute, redirect } from "@tanstack/react-router";
import { ApiReference } from "#client/features/api-access/api-reference.js";
import { dashboardPath } from "#client/features/orgs/queries.js";
import { API_PREFIX } from "#shared/constants.js";
import { can } from "#shared/permissions.js";

export const Route = createFileRoute("/$orgSlug/_org/api-reference")({
  // Reached from the settings page's API keys, which admins manage (docs/DESIGN.md §6).
  beforeLoad: ({ context }) => {
    if (!can(context.organization.role, "apiKeys.manage")) {
      throw redirect({ href: dashboardPath(context.organization.slug), replace: true });
    }
  },
  component: ApiReferencePage,
});

function ApiReferencePage() {
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">API reference</h1>
        <p className="mt-2 break-words text-slate-600">
          Every documented path, from the OpenAPI document at{" "}
          <a className="font-mono text-brand-700 underline" href={`${API_PREFIX}/openapi.json`}>
            {API_PREFIX}/openapi.json
          </a>
          . Send <code className="break-words font-mono">Authorization: Bearer &lt;key&gt;</code> with an API key:
          answers are plain JSON with ISO 8601 dates.
        </p>
      </div>
      <ApiReference />
    </section>
  );
}

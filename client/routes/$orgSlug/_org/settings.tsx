import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { ScrollText } from "lucide-react";
import { Card } from "#client/components/ui/card.js";
import { PermissionNote } from "#client/components/ui/permission-note.js";
import { ApiKeysCard } from "#client/features/api-access/api-keys-card.js";
import { WebhooksCard } from "#client/features/api-access/webhooks-card.js";
import { KeyFingerprint } from "#client/features/audit/pack-form.js";
import { DangerZone } from "#client/features/orgs/danger-zone.js";
import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { OrgProfileCard } from "#client/features/orgs/org-profile-form.js";
import { OrgStats } from "#client/features/orgs/org-stats.js";
import { OrgStorage } from "#client/features/orgs/org-storage.js";
import { dashboardPath, organizationQuery, orgStatsQuery } from "#client/features/orgs/queries.js";
import { SsoProvidersCard } from "#client/features/sso/sso-providers-card.js";
import { ensurePageData } from "#client/lib/route-data.js";
import { onlyWhoMay } from "#shared/permission-texts.js";
import { can } from "#shared/permissions.js";

export const Route = createFileRoute("/$orgSlug/_org/settings")({
  // docs/SPEC.md §6: the settings page needs the settings permission; without it, the dashboard, which says why.
  beforeLoad: ({ context }) => {
    const { organization } = context;
    if (!can(organization.role, "settings.view")) {
      throw redirect({ href: `${dashboardPath(organization.slug)}?denied=settings.view`, replace: true });
    }
  },
  loader: ({ context: { queryClient, organization } }) =>
    ensurePageData([
      queryClient.ensureQueryData(organizationQuery(organization.id)),
      queryClient.ensureQueryData(orgStatsQuery(organization.id)),
    ]),
  component: SettingsPage,
});

function SettingsPage() {
  const organization = useRouteOrganization();
  const isAdmin = can(organization.role, "org.manage");

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-2 break-words text-slate-600">Manage {organization.name} and see how its training is going.</p>
      </div>

      <section aria-labelledby="org-profile-heading" className="flex flex-col gap-4">
        <h2 id="org-profile-heading" className="sr-only">
          Organization profile
        </h2>
        <OrgProfileCard orgId={organization.id} canEdit={isAdmin} />
      </section>

      <section aria-labelledby="org-stats-heading" className="flex flex-col gap-4">
        <h2 id="org-stats-heading" className="text-lg font-semibold tracking-tight text-slate-900">
          Statistics
        </h2>
        <OrgStats orgId={organization.id} />
        <OrgStorage orgId={organization.id} />
      </section>

      {!isAdmin && <PermissionNote>{onlyWhoMay("org.manage")}</PermissionNote>}
      {can(organization.role, "apiKeys.manage") && (
        <section aria-labelledby="api-keys-heading" className="flex flex-col gap-4">
          <h2 id="api-keys-heading" className="text-lg font-semibold tracking-tight text-slate-900">
            API keys
          </h2>
          <ApiKeysCard orgSlug={organization.slug} />
        </section>
      )}
      {can(organization.role, "webhooks.manage") && (
        <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
          <h2 id="webhooks-heading" className="text-lg font-semibold tracking-tight text-slate-900">
            Webhooks
          </h2>
          <WebhooksCard />
        </section>
      )}

      {can(organization.role, "sso.manage") && (
        <section aria-labelledby="sso-heading" className="flex flex-col gap-4">
          <h2 id="sso-heading" className="text-lg font-semibold tracking-tight text-slate-900">
            Company sign-in
          </h2>
          <SsoProvidersCard />
        </section>
      )}

      {can(organization.role, "audit.view") && (
        <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
          <h2 id="audit-heading" className="text-lg font-semibold tracking-tight text-slate-900">
            Evidence
          </h2>
          <Card className="flex flex-col gap-3 p-4 sm:p-5">
            <Link
              to="/$orgSlug/audit"
              params={{ orgSlug: organization.slug }}
              className="flex items-center gap-2 font-medium text-brand-700 hover:underline"
            >
              <ScrollText className="size-5" aria-hidden="true" />
              Audit trail
            </Link>
            <p className="text-sm text-slate-600">
              Every training event in a tamper-evident log, the inspection pack for auditors, and the key it is signed
              with.
            </p>
            <KeyFingerprint />
          </Card>
        </section>
      )}

      {isAdmin && (
        <section aria-labelledby="danger-zone-heading" className="flex flex-col gap-4">
          <h2 id="danger-zone-heading" className="sr-only">
            Danger zone
          </h2>
          <DangerZone orgId={organization.id} name={organization.name} />
        </section>
      )}
    </section>
  );
}

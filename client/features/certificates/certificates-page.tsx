import { useRouteOrganization } from "#client/features/orgs/hooks.js";
import { can } from "#shared/permissions.js";
import { ExternalCertificates } from "./external-certificates.js";
import { MyCertificates } from "./my-certificates.js";
import { TeamCertifications } from "./team-certifications.js";

/** Certificates (docs/decisions/0310-certificates-derived-from-completion.md): one's own, and the team's for management. */
export function CertificatesPage() {
  const organization = useRouteOrganization();
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm font-medium text-brand-600">{organization.name}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Certificates</h1>
      </div>
      <MyCertificates />
      <ExternalCertificates reviewer={can(organization.role, "certificates.recordExternal")} />
      {can(organization.role, "certificates.viewAll") && <TeamCertifications />}
    </section>
  );
}

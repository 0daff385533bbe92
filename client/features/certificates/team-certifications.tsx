import { FileDown } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { FilterSelect } from "#client/components/ui/filter-select.js";
import { Skeleton } from "#client/components/ui/skeleton.js";
import { ScrollTable, tableStyles } from "#client/features/reports/report-layout.js";
import { tagOptions, useTagTree } from "#client/features/tags/queries.js";
import { downloadFile } from "#client/lib/download.js";
import { toast } from "#client/lib/toast.js";
import { CERTIFICATE_STATUS_LABELS } from "#shared/schemas/certificates.js";
import { CertificateStatusBadge, certificateDay } from "./certificate-status.js";
import { CERTIFICATE_TEXT, type CertificateFilters, listQueryString, useCertificateList } from "./queries.js";

const STATUS_OPTIONS = (Object.keys(CERTIFICATE_STATUS_LABELS) as (keyof typeof CERTIFICATE_STATUS_LABELS)[]).map(
  (status) => ({ value: status, label: CERTIFICATE_STATUS_LABELS[status] }),
);
const WITHIN_OPTIONS = [30, 60, 90].map((days) => ({ value: String(days), label: `Expiring in ${days} days` }));

async function exportCsv(filters: CertificateFilters) {
  try {
    await downloadFile(`/_api/certificates/list?${listQueryString(filters)}`, {
      fallbackName: "certificates.csv",
      failure: CERTIFICATE_TEXT.exportFailed,
    });
  } catch (error) {
    toast.error(error instanceof Error ? error.message : CERTIFICATE_TEXT.exportFailed);
  }
}

/**
 * For admins and managers: who holds which certificate, filtered by status, by what expires within 30,
 * 60 or 90 days, and by department or job role; the same rows as CSV.
 */
export function TeamCertifications() {
  const [filters, setFilters] = useState<CertificateFilters>({});
  const list = useCertificateList(filters, true);
  const tags = useTagTree();
  const { th, td } = tableStyles;
  return (
    <section aria-labelledby="team-certifications" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="team-certifications" className="text-lg font-semibold text-slate-900">
          Team certifications
        </h2>
        <Button variant="outline" size="sm" onClick={() => void exportCsv(filters)}>
          <FileDown aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(status) => setFilters({ ...filters, status: status as CertificateFilters["status"] })}
        />
        <FilterSelect
          label="Filter by expiry"
          allLabel="Any expiry"
          options={WITHIN_OPTIONS}
          value={filters.withinDays === undefined ? undefined : String(filters.withinDays)}
          onChange={(days) => setFilters({ ...filters, withinDays: days === undefined ? undefined : Number(days) })}
        />
        <FilterSelect
          label="Filter by department or role"
          allLabel="All departments and roles"
          options={tagOptions(tags.data)}
          value={filters.tagId === undefined ? undefined : String(filters.tagId)}
          onChange={(tagId) => setFilters({ ...filters, tagId: tagId === undefined ? undefined : Number(tagId) })}
        />
      </div>
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700">Could not load the certifications.</p>
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
          No certificates match these filters.
        </p>
      ) : (
        <ScrollTable label="Certificates held">
          <table className="w-full border-separate border-spacing-0 text-sm">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Name
                </th>
                <th scope="col" className={th}>
                  Certification
                </th>
                <th scope="col" className={th}>
                  Status
                </th>
                <th scope="col" className={th}>
                  Expires
                </th>
                <th scope="col" className={th}>
                  Department
                </th>
                <th scope="col" className={th}>
                  Job role
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((certificate) => (
                <tr key={certificate.id}>
                  <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                    {certificate.holderName}
                  </th>
                  <td className={td}>{certificate.title}</td>
                  <td className={td}>
                    <CertificateStatusBadge status={certificate.status} />
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    {certificate.expiresAt ? certificateDay(certificate.expiresAt) : "Never"}
                  </td>
                  <td className={td}>{certificate.departments.join(", ")}</td>
                  <td className={td}>{certificate.jobRoles.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

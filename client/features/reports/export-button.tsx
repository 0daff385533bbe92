import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.js";
import { downloadFile } from "#client/lib/download.js";
import { toast } from "#client/lib/toast.js";

const EXPORT_FAILED = "Failed to export the report.";

/** "Export CSV" of a report view: the server builds the file (docs/SPEC.md §7: RFC 4180, UTF-8 with a BOM). */
export function ExportCsvButton({ path, fallbackName }: { path: string; fallbackName: string }) {
  const [pending, setPending] = useState(false);
  const exportCsv = async () => {
    setPending(true);
    try {
      await downloadFile(path, { fallbackName, failure: EXPORT_FAILED });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : EXPORT_FAILED);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outline" loading={pending} onClick={() => void exportCsv()}>
      <Download aria-hidden="true" />
      Export CSV
    </Button>
  );
}

import { PermissionNote } from "#client/components/ui/permission-note.js";
import { type ExplainedAction, isExplainedAction, onlyWhoMay } from "#shared/permission-texts.js";

/**
 * A page refused by a level (docs/SPEC.md §6: course create and edit go back to the course list, settings and
 * reports to the dashboard) sends its reason along in the address, so the page they land on can say why.
 */
export interface DeniedSearch {
  denied?: ExplainedAction;
}

export function deniedSearch(search: Record<string, unknown>): DeniedSearch {
  return isExplainedAction(search.denied) ? { denied: search.denied } : {};
}

/** "Only admins and managers can create courses, so you were brought here instead." */
export function DeniedNote({ denied, className }: { denied: ExplainedAction | undefined; className?: string }) {
  if (!denied) return null;
  return (
    <PermissionNote announce className={className}>
      {onlyWhoMay(denied).replace(/\.$/, "")}, so you were brought here instead.
    </PermissionNote>
  );
}

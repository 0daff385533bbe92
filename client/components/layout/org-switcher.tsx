/**
 * Slot for the organization switcher of spec §2 (a "Switch" popover with an organization select, shown
 * only when the user belongs to more than one organization). The organizations work fills this in; the
 * header already renders it beside the current organization's name.
 */
export function OrgSwitcher() {
  return null;
}

import { Search } from "lucide-react";
import { FilterSelect } from "#client/components/ui/filter-select.js";
import { Input } from "#client/components/ui/input.js";
import { tagOptions, useTagTree } from "#client/features/tags/queries.js";
import { ROLES, type Role, roleLabel } from "#shared/roles.js";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const SHOW_OPTIONS = [{ value: "former", label: "Former members" }];

export interface TeamFilterValues {
  searchText: string;
  role: Role | undefined;
  tagId: number | undefined;
  former: boolean;
}

/** The team's search (name or e-mail) and filters (role, tag, former members). */
export function TeamFilters({
  value,
  onChange,
  showFormer,
}: {
  value: TeamFilterValues;
  onChange: (next: TeamFilterValues) => void;
  /** Former members are shown to those who manage the team. */
  showFormer: boolean;
}) {
  const tags = useTagTree();
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search team members"
          placeholder="Search by name or email"
          value={value.searchText}
          onChange={(event) => onChange({ ...value, searchText: event.target.value })}
          className="pl-9"
        />
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:flex">
        <FilterSelect
          label="Filter by role"
          allLabel="All roles"
          options={ROLE_OPTIONS}
          value={value.role}
          onChange={(role) => onChange({ ...value, role: role as Role | undefined })}
          className="lg:w-40"
        />
        <FilterSelect
          label="Filter by tag"
          allLabel="All tags"
          options={tagOptions(tags.data)}
          value={value.tagId === undefined ? undefined : String(value.tagId)}
          onChange={(tagId) => onChange({ ...value, tagId: tagId === undefined ? undefined : Number(tagId) })}
          disabled={value.former || !tags.data || tags.data.length === 0}
          className="lg:w-48"
        />
        {showFormer && (
          <FilterSelect
            label="Show members or former members"
            allLabel="Current members"
            options={SHOW_OPTIONS}
            value={value.former ? "former" : undefined}
            onChange={(show) => onChange({ ...value, former: show === "former", tagId: undefined })}
            className="lg:w-48"
          />
        )}
      </div>
    </div>
  );
}

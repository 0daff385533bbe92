import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/components/ui/select.js";
import { cn } from "#client/lib/cn.js";
import { ROLE_DESCRIPTIONS, ROLES, type Role, roleLabel } from "#shared/roles.js";

export interface RoleSelectProps {
  value: Role;
  onChange: (role: Role) => void;
  /** The roles the actor may choose; the others are listed but disabled, so the list reads the same for all. */
  allowed: readonly Role[];
  disabled?: boolean;
  /**
   * A change is being saved: further changes wait. The select stays enabled, so that keyboard focus
   * stays on it (a disabled control drops focus to <body>).
   */
  pending?: boolean;
  id?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  className?: string;
}

export function RoleSelect({ value, onChange, allowed, disabled, pending, className, ...aria }: RoleSelectProps) {
  return (
    <Select value={value} onValueChange={(next) => !pending && onChange(next as Role)} disabled={disabled}>
      <SelectTrigger className={cn(className, pending && "opacity-60")} aria-busy={pending || undefined} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-w-[min(24rem,calc(100vw-2rem))]">
        {ROLES.map((role) => (
          <SelectItem
            key={role}
            value={role}
            description={ROLE_DESCRIPTIONS[role]}
            disabled={role !== value && !allowed.includes(role)}
          >
            {roleLabel(role)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

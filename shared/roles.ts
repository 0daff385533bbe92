/** The role enumeration of docs/SPEC.md §3 and how each role is shown. */
export const ROLES = ["admin", "learner", "manager", "teacher", "user"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  manager: "Manager",
  teacher: "Teacher",
  learner: "Learner",
  user: "User",
};

const NO_ROLE_LABEL = "No Role";

export function roleLabel(role: Role | null | undefined): string {
  return role ? ROLE_LABELS[role] : NO_ROLE_LABEL;
}

export type BadgeVariant = "destructive" | "secondary" | "default";

/** docs/SPEC.md §6: admin destructive, manager and teacher secondary, learner and user default. */
export const ROLE_BADGE_VARIANTS: Record<Role, BadgeVariant> = {
  admin: "destructive",
  manager: "secondary",
  teacher: "secondary",
  learner: "default",
  user: "default",
};

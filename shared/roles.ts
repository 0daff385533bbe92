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

/**
 * What each access level may do, in one line, shown wherever a level is chosen (docs/DESIGN.md §6). "Role"
 * is the spec's word for the access level; a person's job roles are tags, which decide their training.
 */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including the organization's settings, departments and job roles.",
  manager: "Invites and manages people (not admins), creates courses and sees reports.",
  teacher: "Writes and edits courses; does not create or delete them or manage people.",
  learner: "Takes the training meant for them.",
  user: "Same access as Learner: takes the training meant for them. The default for new invitations.",
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

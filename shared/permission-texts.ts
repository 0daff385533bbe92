import { type Action, rolesAllowedTo } from "./permissions.js";
import type { Role } from "./roles.js";

/** A level's name in a sentence ("Only admins and managers …"); "user" has a learner's rights and reads so. */
const PLURALS: Record<Role, string> = {
  admin: "admins",
  manager: "managers",
  teacher: "teachers",
  learner: "learners",
  user: "learners",
};

/** What each refused action is, as the end of "Only admins and managers …". */
const DOING = {
  "courses.create": "create courses",
  "courses.edit": "edit courses and their lessons",
  "courses.delete": "duplicate or delete courses",
  "tags.manage": "add or change departments and job roles",
  "settings.view": "open the organization's settings",
  "org.manage": "rename or delete the organization",
  "reports.view": "see the team's progress reports",
  "certificates.recordExternal": "record certificates for others or review them",
} as const satisfies Partial<Record<Action, string>>;

/** The actions a screen may explain; a refused page sends its reason by one of these names. */
export type ExplainedAction = keyof typeof DOING;

export function isExplainedAction(value: unknown): value is ExplainedAction {
  return typeof value === "string" && Object.hasOwn(DOING, value);
}

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * "Only admins and managers create courses.": why a level may not do something, read from the permission
 * table (docs/DESIGN.md §6), so that what the screen says is what the server enforces.
 */
export function onlyWhoMay(action: ExplainedAction): string {
  const names = [...new Set(rolesAllowedTo(action).map((role) => PLURALS[role]))];
  const who = names.length === 1 && names[0] === "admins" ? "an admin" : joinNames(names);
  return `Only ${who} can ${DOING[action]}.`;
}

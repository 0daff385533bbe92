/** The identity module's public face: the only file of it that other modules and the app may import. */
export { presentUser } from "./auth.presenter.js";
export { KNOWN_DEVICE_DAYS } from "./known-devices.js";
export { PasswordReset } from "./password-reset.entity.js";
export { KnownDevice, RateLimitBucket, RateLimitStreak, Session } from "./session.entity.js";
export type { MembershipRecord, OrganizationRecord, SignedInUser } from "./sessions.data.js";
export {
  managedMembership,
  managedOrganization,
  managedUser,
  membershipRecordOf,
  membershipRecordsOf,
} from "./sessions.data.js";
export { resumeSession } from "./sessions.js";
export { emailKeyOf, User } from "./user.entity.js";

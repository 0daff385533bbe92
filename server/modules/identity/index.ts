/** The identity module's public face: the only file of it that other modules and the app may import. */

// The records every request carries are the procedure builders' shapes (server/platform/api/session.ts).
export type { MembershipRecord, SignedInUser } from "#server/platform/api/session.js";
export type { UserViewParts } from "./auth.presenter.js";
export { presentUser, userViewParts } from "./auth.presenter.js";
export type { RegistrationHook } from "./invited-registration.js";
export { registrationHooks } from "./invited-registration.js";
export { KNOWN_DEVICE_DAYS } from "./known-devices.js";
export { PasswordReset } from "./password-reset.entity.js";
export type { PasswordSignInRule } from "./password-sign-in-rules.js";
export { passwordSignInRules } from "./password-sign-in-rules.js";
export { KnownDevice, RateLimitBucket, RateLimitStreak, Session } from "./session.entity.js";
export { managedUser, membershipRecordOf, membershipRecordsOf } from "./sessions.data.js";
export { cookieIsSecure, hashToken, resumeSession, startSession } from "./sessions.js";
export { emailKeyOf, User } from "./user.entity.js";

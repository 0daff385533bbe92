import { MembershipSchema, OrganizationSchema } from "./organization.js";
import { RateLimitBucketSchema, SessionSchema } from "./session.js";
import { UserSchema } from "./user.js";

export { Membership, Organization } from "./organization.js";
export { RateLimitBucket, Session } from "./session.js";
export { emailKeyOf, User } from "./user.js";

export const ENTITIES = [UserSchema, OrganizationSchema, MembershipSchema, SessionSchema, RateLimitBucketSchema];

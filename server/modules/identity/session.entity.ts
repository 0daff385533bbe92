import { BigIntType, EntitySchema, OptionalProps } from "@mikro-orm/core";
import { User } from "./user.entity.js";

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored here. */
export class Session {
  [OptionalProps]?: "createdAt" | "renewedAt" | "lastSeenAt" | "userAgent" | "signedInWith";
  tokenHash!: string;
  user!: User;
  createdAt: Date = new Date();
  expiresAt!: Date;
  /** When the expiry was last pushed forward; the sliding window moves at most once a day. */
  renewedAt: Date = new Date();
  /** When a request last used the session; written at most once per LAST_SEEN_STEP_MS (account page). */
  lastSeenAt: Date = new Date();
  /** The browser's User-Agent header as of last seen, cut to 255 characters: the "device" of the list. */
  userAgent: string | null = null;
  /** The organization's identity provider the person signed in with; null for a password (decision 0370). */
  signedInWith: string | null = null;
}

export const SessionSchema = new EntitySchema<Session>({
  class: Session,
  tableName: "sessions",
  properties: {
    tokenHash: { type: "string", length: 64, primary: true },
    user: { kind: "m:1", entity: () => User, deleteRule: "cascade", index: "sessions_user_idx" },
    createdAt: { type: "datetime", onCreate: () => new Date() },
    expiresAt: { type: "datetime", index: "sessions_expires_idx" },
    renewedAt: { type: "datetime" },
    lastSeenAt: { type: "datetime", onCreate: () => new Date() },
    userAgent: { type: "string", length: 255, nullable: true },
    signedInWith: { type: "string", length: 100, nullable: true },
  },
});

/** A fixed-window counter for one rate-limit key (an e-mail or a client address). */
export class RateLimitBucket {
  bucketKey!: string;
  /** The number of the fixed window (time divided by the window length). */
  windowNumber!: number;
  hits!: number;
}

export const RateLimitBucketSchema = new EntitySchema<RateLimitBucket>({
  class: RateLimitBucket,
  tableName: "rate_limit_buckets",
  properties: {
    bucketKey: { type: "string", length: 300, primary: true },
    windowNumber: { type: "integer" },
    hits: { type: "integer" },
  },
});

/**
 * A run of events under one rate-limit key that is judged by its own clock, not by fixed windows (decision
 * 0265): the failures in a row of an account or a browser, whose locks grow with each one, and the reset
 * mails of an account in the hour since its first. Times are milliseconds since 1970 on the limiter's clock.
 */
export class RateLimitStreak {
  streakKey!: string;
  hits!: number;
  /** When the run started (its first hit). */
  firstAt!: number;
  /** Its latest hit. */
  lastAt!: number;
}

export const RateLimitStreakSchema = new EntitySchema<RateLimitStreak>({
  class: RateLimitStreak,
  tableName: "rate_limit_streaks",
  properties: {
    streakKey: { type: "string", length: 300, primary: true },
    hits: { type: "integer" },
    firstAt: { type: new BigIntType("number") },
    lastAt: { type: new BigIntType("number"), index: "rate_limit_streaks_last_at_idx" },
  },
});

/**
 * A browser that has signed in to this account before (decision 0016). The browser keeps a random token
 * in a long-lived cookie; only its SHA-256 is stored. A lock on the account after repeated failures does
 * not apply to these browsers, so a stranger's wrong guesses cannot lock the owner out of their own.
 */
export class KnownDevice {
  deviceHash!: string;
  user!: User;
  /** Sign-ins refresh it; a device unseen for KNOWN_DEVICE_DAYS is forgotten. */
  lastSignInAt!: Date;
}

export const KnownDeviceSchema = new EntitySchema<KnownDevice>({
  class: KnownDevice,
  tableName: "known_devices",
  properties: {
    deviceHash: { type: "string", length: 64, primary: true },
    user: { kind: "m:1", entity: () => User, deleteRule: "cascade", primary: true },
    lastSignInAt: { type: "datetime", index: "known_devices_last_sign_in_idx" },
  },
});

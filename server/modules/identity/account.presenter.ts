import type { Session } from "./session.entity.js";
import { deviceOf } from "./user-agent.js";

/** auth/sessions' answer: the account's open sessions, this browser's first. */

export interface SessionView {
  /** The browser this request came from. */
  current: boolean;
  device: string;
  signedInAt: Date;
  lastSeenAt: Date;
  /** The identity provider of a company sign-in; null for a password. */
  signedInWith: string | null;
}

export function presentSessions(sessions: readonly Session[], currentTokenHash: string): SessionView[] {
  return sessions
    .map((session) => ({
      current: session.tokenHash === currentTokenHash,
      device: deviceOf(session.userAgent),
      signedInAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      signedInWith: session.signedInWith,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

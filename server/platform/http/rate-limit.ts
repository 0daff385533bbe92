import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#shared/constants.js";
import type { Config } from "./config.js";
import { fail } from "./errors.js";

/** Where a password attempt came from, and as whom (decisions 0016, 0265). */
export interface Attempt {
  ip: string;
  emailKey: string;
  /** The hash of this browser's device cookie when it has signed in to the account before. */
  knownDevice: string | null;
}

/** The first lock of a run of failures; each further failure doubles it, up to the window's length. */
const FIRST_LOCK_MS = MINUTE_MS;

/**
 * Correct sign-ins allowed in one window, as a multiple of the failures allowed: per account of
 * RATE_LIMIT_PER_EMAIL (30 by default), per address of RATE_LIMIT_PER_IP (1,000: an office behind one address
 * signs in many times over). Far above what people do, low enough that a loop of right passwords cannot keep
 * argon2 busy for everyone else.
 */
const SIGN_INS = { perAccount: 3, perAddress: 10 } as const;

/** Reset mails an account is sent in the hour after the first; further requests are answered alike, unmailed. */
const RESET_MAILS_PER_HOUR = 5;

/**
 * Counters kept in the database, so that every instance behind a load balancer sees the same counts.
 * Each hit is written outside the request's transaction: a failed sign-in rolls its own work back but
 * must still count. The clock is injectable so that tests move time instead of waiting.
 *
 * What is counted (decision 0265, which changes decision 0016):
 * - Per account, failures in a row ("streaks"): after RATE_LIMIT_PER_EMAIL of them the account is locked
 *   for browsers that never signed in to it, for FIRST_LOCK_MS, doubling with each further failure up to
 *   the window's length; a correct sign-in ends the run. A known browser is never held by the account's
 *   run, only by its own (counted the same way), so its cookie is no key for guessing either.
 * - Per client address, failures in fixed windows, which refuse only browsers the account does not know.
 * - Correct sign-ins per account and per address in fixed windows, SIGN_INS times the failures allowed:
 *   every one of them costs a full password hash.
 * - Registrations per address (not those through an invitation, which the caller lets through).
 * - "Forgot password" per address and account, and per address; a known browser only by its own count.
 *   The mails themselves, per account and hour, are capped without the request noticing.
 */
export class RateLimiter {
  constructor(
    private readonly orm: MikroORM<AbstractSqlDriver>,
    private readonly settings: Config["rateLimit"],
    private readonly now: () => number = Date.now,
  ) {}

  private execute<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.orm.em.fork().getConnection().execute<Row[]>(sql, params);
  }

  private currentWindow(): number {
    return Math.floor(this.now() / (this.settings.windowSeconds * 1000));
  }

  /** Counts one hit of each fixed-window key, in one statement (one commit). */
  async hit(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const window = this.currentWindow();
    await this.execute(
      `insert into rate_limit_buckets (bucket_key, window_number, hits) values ${keys.map(() => "(?, ?, 1)").join(", ")}
       on conflict (bucket_key) do update set
         hits = case when rate_limit_buckets.window_number = excluded.window_number then rate_limit_buckets.hits + 1 else 1 end,
         window_number = excluded.window_number`,
      keys.flatMap((key) => [key, window]),
    );
  }

  async count(key: string): Promise<number> {
    const rows = await this.execute<{ hits: number }>(
      `select hits from rate_limit_buckets where bucket_key = ? and window_number = ?`,
      [key, this.currentWindow()],
    );
    return Number(rows[0]?.hits ?? 0);
  }

  /** How long a run may go without a failure before it is forgotten: always longer than its longest lock. */
  private get streakMemoryMs(): number {
    return this.longestLockMs + DAY_MS;
  }

  private get longestLockMs(): number {
    return this.settings.windowSeconds * 1000;
  }

  /**
   * One more hit of a streak key. A run starts again after `restartAfterMs` measured from its last hit
   * ("idle", failures in a row) or from its first ("age", a count per hour). Returns the run's hits.
   */
  private async extendStreak(key: string, measuredFrom: "last_at" | "first_at", restartAfterMs: number) {
    const now = this.now();
    const stale = now - restartAfterMs;
    const rows = await this.execute<{ hits: number }>(
      `insert into rate_limit_streaks (streak_key, hits, first_at, last_at) values (?, 1, ?, ?)
       on conflict (streak_key) do update set
         hits = case when rate_limit_streaks.${measuredFrom} <= ? then 1 else rate_limit_streaks.hits + 1 end,
         first_at = case when rate_limit_streaks.${measuredFrom} <= ? then excluded.first_at else rate_limit_streaks.first_at end,
         last_at = excluded.last_at
       returning hits`,
      [key, now, now, stale, stale],
    );
    return Number(rows[0]?.hits ?? 1);
  }

  private async endStreak(key: string): Promise<void> {
    await this.execute(`delete from rate_limit_streaks where streak_key = ?`, [key]);
  }

  /** How long a run of `failures` failures locks after its last one: nothing before RATE_LIMIT_PER_EMAIL. */
  lockAfter(failures: number): number {
    const beyond = failures - this.settings.perEmail;
    if (beyond < 0) return 0;
    return Math.min(this.longestLockMs, FIRST_LOCK_MS * 2 ** Math.min(beyond, 30));
  }

  /** Whether the run of failures under `key` holds a lock now. */
  private async locked(key: string): Promise<boolean> {
    const rows = await this.execute<{ hits: number; last_at: number | string }>(
      `select hits, last_at from rate_limit_streaks where streak_key = ?`,
      [key],
    );
    const row = rows[0];
    if (!row) return false;
    const now = this.now();
    const lastAt = Number(row.last_at);
    if (lastAt <= now - this.streakMemoryMs) return false;
    return now < lastAt + this.lockAfter(Number(row.hits));
  }

  private async addressFailedTooOften(ip: string): Promise<boolean> {
    return (await this.count(`ip-failed:${ip}`)) >= this.settings.perIp;
  }

  /** Refuses an address that has failed too often in this window (a reset link: no account to know a browser). */
  async assertAddressAllowed(ip: string): Promise<void> {
    if (await this.addressFailedTooOften(ip)) throw fail.tooManyRequests();
  }

  /**
   * Before a password is checked (sign-in, the account page's confirmation): a browser the account knows is
   * held only by its own failures; any other browser by the address's failures and the account's run.
   * Sign-ins (`signIn`) are also refused once the account or the address has had its correct sign-ins for
   * the window, so that the hash is not computed at all.
   */
  async assertAttemptAllowed(attempt: Attempt, { signIn }: { signIn: boolean }): Promise<void> {
    const { ip, emailKey, knownDevice } = attempt;
    if (knownDevice) {
      if (await this.locked(`device:${knownDevice}`)) throw fail.tooManyRequests();
    } else {
      if (await this.addressFailedTooOften(ip)) throw fail.tooManyRequests();
      if (await this.locked(`account:${emailKey}`)) throw fail.tooManyRequests();
    }
    if (signIn) {
      if ((await this.count(`signed-in:${emailKey}`)) >= SIGN_INS.perAccount * this.settings.perEmail) {
        throw fail.tooManyRequests();
      }
      if ((await this.count(`ip-signed-in:${ip}`)) >= SIGN_INS.perAddress * this.settings.perIp) {
        throw fail.tooManyRequests();
      }
    }
  }

  /** A wrong password: counts against the address, the account's run and the known browser's own run. */
  async recordFailedAttempt({ ip, emailKey, knownDevice }: Attempt): Promise<void> {
    await this.recordFailedAddress(ip);
    await this.extendStreak(`account:${emailKey}`, "last_at", this.streakMemoryMs);
    if (knownDevice) await this.extendStreak(`device:${knownDevice}`, "last_at", this.streakMemoryMs);
  }

  /**
   * A correct sign-in: counted per account and address; it ends the run of failures it was judged by (the
   * browser's own, or the account's for a browser the account does not know).
   */
  async recordSignIn({ ip, emailKey, knownDevice }: Attempt): Promise<void> {
    await this.hit(`signed-in:${emailKey}`, `ip-signed-in:${ip}`);
    await this.endStreak(knownDevice ? `device:${knownDevice}` : `account:${emailKey}`);
  }

  async recordFailedAddress(ip: string): Promise<void> {
    await this.hit(`ip-failed:${ip}`);
  }

  /**
   * One more registration from this address, not through an invitation (those are never refused: the
   * caller checks the invitation first); refuses once the address is over its limit.
   */
  async attemptRegistration(ip: string): Promise<void> {
    await this.assertAddressAllowed(ip);
    await this.admit([[`ip-register:${ip}`, this.settings.perIp]]);
  }

  /**
   * One more "forgot password" request. From a browser the account knows: counted for that browser alone.
   * Otherwise per address and e-mail address (so asking about someone from elsewhere never refuses them)
   * and per address. Refuses alike whether or not an account uses the e-mail address.
   */
  async attemptPasswordReset({ ip, emailKey, knownDevice }: Attempt): Promise<void> {
    if (knownDevice) return this.admit([[`reset-device:${knownDevice}`, this.settings.perEmail]]);
    await this.assertAddressAllowed(ip);
    await this.admit([
      [`reset:${ip}:${emailKey}`, this.settings.perEmail],
      [`ip-reset:${ip}`, this.settings.perIp],
    ]);
  }

  /**
   * Refuses when any key has had its limit in this window, and counts one hit on each otherwise. A refusal
   * writes nothing: on SQLite every write is a commit the whole server waits for, so a flood of refused
   * requests must not be a flood of writes. (Requests at the same moment may pass the check together and
   * go a few over the limit, as sign-in's checks may.)
   */
  private async admit(limits: [key: string, limit: number][]): Promise<void> {
    for (const [key, limit] of limits) {
      if ((await this.count(key)) >= limit) throw fail.tooManyRequests();
    }
    await this.hit(...limits.map(([key]) => key));
  }

  /**
   * Whether one more reset mail may go to the account: RESET_MAILS_PER_HOUR in the hour after the first.
   * A request from a browser the account knows is always mailed (and not counted): it is the owner's.
   */
  async allowResetMail(userId: number, knownDevice: string | null): Promise<boolean> {
    if (knownDevice) return true;
    return (await this.extendStreak(`reset-mail:${userId}`, "first_at", HOUR_MS)) <= RESET_MAILS_PER_HOUR;
  }
}

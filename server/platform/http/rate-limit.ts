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
 * How a count starts again. Every counter is a number of hits under a key that a hit raises by one, or sets
 * to 1 when the count it raises is no longer current: in fixed windows of RATE_LIMIT_WINDOW_SECONDS (kept in
 * rate_limit_buckets), or as a run judged by its own clock (rate_limit_streaks), forgotten `afterMs` after
 * its last hit (failures in a row) or its first (so many per hour).
 */
type Reset = { kind: "window" } | { kind: "run"; since: "last" | "first"; afterMs: number };

const WINDOW: Reset = { kind: "window" };

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

  /** How long a run may go without a failure before it is forgotten: always longer than its longest lock. */
  private get streakMemoryMs(): number {
    return this.longestLockMs + DAY_MS;
  }

  private get longestLockMs(): number {
    return this.settings.windowSeconds * 1000;
  }

  /**
   * Where a counter of `reset` is kept, and the condition (with its values) under which its stored count is
   * still the current one: otherwise its next hit starts it again at 1.
   */
  private counting(reset: Reset) {
    const now = this.now();
    if (reset.kind === "window") {
      const window = Math.floor(now / (this.settings.windowSeconds * 1000));
      return {
        table: "rate_limit_buckets",
        key: "bucket_key",
        written: { window_number: window },
        kept: [] as string[],
        current: "rate_limit_buckets.window_number = ?",
        currentValues: [window],
      };
    }
    return {
      table: "rate_limit_streaks",
      key: "streak_key",
      written: { first_at: now, last_at: now },
      // A run keeps the time of its first hit until it starts again.
      kept: ["first_at"],
      current: `rate_limit_streaks.${reset.since === "first" ? "first_at" : "last_at"} > ?`,
      currentValues: [now - reset.afterMs],
    };
  }

  /** One hit of each key, in one statement (one commit): the hits each key's count has now, in the keys' order. */
  private async hit(reset: Reset, ...keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const { table, key, written, kept, current, currentValues } = this.counting(reset);
    const columns = Object.keys(written);
    const row = `(?, ${columns.map(() => "?, ").join("")}1)`;
    // Each assignment with the values it binds, in the order they appear.
    const updates: [sql: string, values: unknown[]][] = [
      [`hits = case when ${current} then ${table}.hits + 1 else 1 end`, currentValues],
      ...columns.map((column): [string, unknown[]] =>
        kept.includes(column)
          ? [`${column} = case when ${current} then ${table}.${column} else excluded.${column} end`, currentValues]
          : [`${column} = excluded.${column}`, []],
      ),
    ];
    const rows = await this.execute<{ counter_key: string; hits: number }>(
      `insert into ${table} (${key}, ${columns.join(", ")}, hits) values ${keys.map(() => row).join(", ")}
       on conflict (${key}) do update set ${updates.map(([sql]) => sql).join(", ")}
       returning ${key} as counter_key, hits`,
      [...keys.flatMap((name) => [name, ...Object.values(written)]), ...updates.flatMap(([, values]) => values)],
    );
    const hits = new Map(rows.map((stored) => [stored.counter_key, Number(stored.hits)]));
    return keys.map((name) => hits.get(name) ?? 1);
  }

  /** The key's current count under `reset`, with its latest hit (runs only; 0 for a window's). */
  private async current(key: string, reset: Reset): Promise<{ hits: number; lastAt: number }> {
    const { table, key: column, current, currentValues } = this.counting(reset);
    const lastAt = reset.kind === "window" ? "0" : "last_at";
    const rows = await this.execute<{ hits: number; last_at: number | string }>(
      `select hits, ${lastAt} as last_at from ${table} where ${column} = ? and ${current}`,
      [key, ...currentValues],
    );
    const row = rows[0];
    return { hits: Number(row?.hits ?? 0), lastAt: Number(row?.last_at ?? 0) };
  }

  /** The hits of a fixed-window key in the current window. */
  private async count(key: string): Promise<number> {
    return (await this.current(key, WINDOW)).hits;
  }

  /** Forgets a run: its next hit starts it again. */
  private async endStreak(key: string): Promise<void> {
    await this.execute(`delete from rate_limit_streaks where streak_key = ?`, [key]);
  }

  /** How long a run of `failures` failures locks after its last one: nothing before RATE_LIMIT_PER_EMAIL. */
  lockAfter(failures: number): number {
    const beyond = failures - this.settings.perEmail;
    if (beyond < 0) return 0;
    return Math.min(this.longestLockMs, FIRST_LOCK_MS * 2 ** Math.min(beyond, 30));
  }

  /** Failures in a row: forgotten once the run has gone streakMemoryMs without one. */
  private get failures(): Reset {
    return { kind: "run", since: "last", afterMs: this.streakMemoryMs };
  }

  /** Whether the run of failures under `key` holds a lock now. */
  private async locked(key: string): Promise<boolean> {
    const { hits, lastAt } = await this.current(key, this.failures);
    return hits > 0 && this.now() < lastAt + this.lockAfter(hits);
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
    await this.hit(this.failures, `account:${emailKey}`);
    if (knownDevice) await this.hit(this.failures, `device:${knownDevice}`);
  }

  /**
   * A correct sign-in: counted per account and address; it ends the run of failures it was judged by (the
   * browser's own, or the account's for a browser the account does not know).
   */
  async recordSignIn({ ip, emailKey, knownDevice }: Attempt): Promise<void> {
    await this.hit(WINDOW, `signed-in:${emailKey}`, `ip-signed-in:${ip}`);
    await this.endStreak(knownDevice ? `device:${knownDevice}` : `account:${emailKey}`);
  }

  /**
   * One more request with an API key (docs/decisions/0320-api-keys.md): refused once the key has made
   * RATE_LIMIT_PER_API_KEY of them in this window. Counted only for requests that carry a valid key.
   */
  async assertApiKeyAllowed(keyId: number): Promise<void> {
    const [hits = 0] = await this.hit(WINDOW, `api-key:${keyId}`);
    if (hits > this.settings.perApiKey) throw fail.tooManyRequests();
  }

  async recordFailedAddress(ip: string): Promise<void> {
    await this.hit(WINDOW, `ip-failed:${ip}`);
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
   * One more look at a public certificate verification (its page or its JSON) from this address; refuses
   * once the address is over its limit. The codes are unguessable anyway: this keeps anyone from scraping.
   */
  async attemptVerification(ip: string): Promise<void> {
    await this.admit([[`ip-verify:${ip}`, this.settings.perIp]]);
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
    await this.hit(WINDOW, ...limits.map(([key]) => key));
  }

  /**
   * Whether one more reset mail may go to the account: RESET_MAILS_PER_HOUR in the hour after the first.
   * A request from a browser the account knows is always mailed (and not counted): it is the owner's.
   */
  async allowResetMail(userId: number, knownDevice: string | null): Promise<boolean> {
    if (knownDevice) return true;
    const [mails = 1] = await this.hit({ kind: "run", since: "first", afterMs: HOUR_MS }, `reset-mail:${userId}`);
    return mails <= RESET_MAILS_PER_HOUR;
  }
}

import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import type { Config } from "./config.js";
import { fail } from "./errors.js";

/** Where a sign-in attempt came from, and as whom (decision 0016). */
export interface Attempt {
  ip: string;
  emailKey: string;
  /** The hash of this browser's device cookie when it has signed in to the account before. */
  knownDevice: string | null;
}

/**
 * Fixed-window counters kept in the database, so that every instance behind a load balancer sees the
 * same counts. Each hit is written outside the request's transaction: a failed sign-in rolls its own
 * work back but must still count. The clock is injectable so that tests move time instead of waiting.
 *
 * What is counted (decision 0016): per client address, failed attempts only, so an office behind one
 * NAT signs in freely while a guesser is stopped; per account, failures lock the account for the rest of
 * the window, except for browsers that have signed in to it before, whose own failures are counted apart.
 * Registrations are counted per address, successful or not.
 */
export class RateLimiter {
  constructor(
    private readonly orm: MikroORM<AbstractSqlDriver>,
    private readonly settings: Config["rateLimit"],
    private readonly now: () => number = Date.now,
  ) {}

  private currentWindow(): number {
    return Math.floor(this.now() / (this.settings.windowSeconds * 1000));
  }

  /** Counts one hit and returns the count in the current window. */
  async hit(key: string): Promise<number> {
    const window = this.currentWindow();
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ hits: number }[]>(
        `insert into rate_limit_buckets (bucket_key, window_number, hits) values (?, ?, 1)
       on conflict (bucket_key) do update set
         hits = case when rate_limit_buckets.window_number = excluded.window_number then rate_limit_buckets.hits + 1 else 1 end,
         window_number = excluded.window_number
       returning hits`,
        [key, window],
      );
    return Number(rows[0]?.hits ?? 1);
  }

  async count(key: string): Promise<number> {
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ hits: number }[]>(`select hits from rate_limit_buckets where bucket_key = ? and window_number = ?`, [
        key,
        this.currentWindow(),
      ]);
    return Number(rows[0]?.hits ?? 0);
  }

  /** Refuses an address that has failed too often in this window. */
  async assertAddressAllowed(ip: string): Promise<void> {
    if ((await this.count(`ip-failed:${ip}`)) >= this.settings.perIp) throw fail.tooManyRequests();
  }

  /** One more registration from this address; refuses once the address is over its limit. */
  async attemptRegistration(ip: string): Promise<void> {
    await this.assertAddressAllowed(ip);
    if ((await this.hit(`ip-register:${ip}`)) > this.settings.perIp) throw fail.tooManyRequests();
  }

  /**
   * One more "forgot password" request (decision 0133): counted per address like registrations, and per
   * e-mail like sign-ins, so nobody floods an inbox with reset mails. Refuses alike for every address.
   */
  async attemptPasswordReset(ip: string, emailKey: string): Promise<void> {
    await this.assertAddressAllowed(ip);
    if ((await this.hit(`ip-reset:${ip}`)) > this.settings.perIp) throw fail.tooManyRequests();
    if ((await this.hit(`reset:${emailKey}`)) > this.settings.perEmail) throw fail.tooManyRequests();
  }

  /** Refuses an account that has failed too often in this window, unless a known browser is asking. */
  async assertAccountAllowed({ emailKey, knownDevice }: Attempt): Promise<void> {
    // A browser's failures are counted per browser: its token stands for the account it knew anyway.
    const key = knownDevice ? `device:${knownDevice}` : `email:${emailKey}`;
    if ((await this.count(key)) >= this.settings.perEmail) throw fail.tooManyRequests();
  }

  /** Both checks a password attempt must pass, address first. */
  async assertAttemptAllowed(attempt: Attempt): Promise<void> {
    await this.assertAddressAllowed(attempt.ip);
    await this.assertAccountAllowed(attempt);
  }

  async recordFailedAddress(ip: string): Promise<void> {
    await this.hit(`ip-failed:${ip}`);
  }

  /** A wrong password: counts against the address and the account (and the known browser, if one). */
  async recordFailedAttempt({ ip, emailKey, knownDevice }: Attempt): Promise<void> {
    await this.recordFailedAddress(ip);
    await this.hit(`email:${emailKey}`);
    if (knownDevice) await this.hit(`device:${knownDevice}`);
  }
}

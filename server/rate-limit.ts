import type { MikroORM } from "@mikro-orm/core";
import type { AbstractSqlDriver } from "@mikro-orm/knex";
import type { Config } from "./config.js";
import { fail } from "./errors.js";

/**
 * Fixed-window counters kept in the database, so that every instance behind a load balancer sees the
 * same counts. Each hit is written outside the request's transaction: a failed sign-in rolls its own
 * work back but must still count.
 */
export class RateLimiter {
  constructor(
    private readonly orm: MikroORM<AbstractSqlDriver>,
    private readonly settings: Config["rateLimit"],
  ) {}

  private currentWindow(): number {
    return Math.floor(Date.now() / (this.settings.windowSeconds * 1000));
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

  /** One more attempt from this client address; refuses once the address is over its limit. */
  async attemptFromAddress(ip: string): Promise<void> {
    if ((await this.hit(`ip:${ip}`)) > this.settings.perIp) throw fail.tooManyRequests();
  }

  /** Refuses sign-in to an e-mail address that has failed too often in this window. */
  async assertEmailNotLocked(emailKey: string): Promise<void> {
    if ((await this.count(`email:${emailKey}`)) >= this.settings.perEmail) throw fail.tooManyRequests();
  }

  async recordFailedSignIn(emailKey: string): Promise<void> {
    await this.hit(`email:${emailKey}`);
  }
}

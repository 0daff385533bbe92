import { Migration } from '@mikro-orm/migrations';

export class Migration20261128003258_rate_limit_streaks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "rate_limit_streaks" ("streak_key" varchar(300) not null, "hits" int not null, "first_at" bigint not null, "last_at" bigint not null, constraint "rate_limit_streaks_pkey" primary key ("streak_key"));`);
    this.addSql(`create index "rate_limit_streaks_last_at_idx" on "rate_limit_streaks" ("last_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_streaks" cascade;`);
  }

}

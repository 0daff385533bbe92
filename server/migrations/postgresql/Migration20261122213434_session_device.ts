import { Migration } from '@mikro-orm/migrations';

export class Migration20261122213434_session_device extends Migration {

  override async up(): Promise<void> {
    // Sessions from before this migration were last seen, as far as anyone knows, when last renewed.
    this.addSql(`alter table "sessions" add column "last_seen_at" timestamptz null, add column "user_agent" varchar(255) null;`);
    this.addSql(`update "sessions" set "last_seen_at" = "renewed_at";`);
    this.addSql(`alter table "sessions" alter column "last_seen_at" set not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "last_seen_at", drop column "user_agent";`);
  }

}

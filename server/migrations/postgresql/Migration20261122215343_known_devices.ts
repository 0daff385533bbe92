import { Migration } from '@mikro-orm/migrations';

export class Migration20261122215343_known_devices extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "known_devices" ("device_hash" varchar(64) not null, "user_id" int not null, "last_sign_in_at" timestamptz not null, constraint "known_devices_pkey" primary key ("device_hash", "user_id"));`);
    this.addSql(`create index "known_devices_last_sign_in_idx" on "known_devices" ("last_sign_in_at");`);

    this.addSql(`alter table "known_devices" add constraint "known_devices_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "known_devices" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128065107_api_keys extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "api_keys" ("id" serial primary key, "organization_id" int not null, "created_by_id" int not null, "name" varchar(100) not null, "access" varchar(16) not null, "token_hash" varchar(64) not null, "shown_prefix" varchar(16) not null, "created_at" timestamptz not null, "expires_at" timestamptz null, "last_used_at" timestamptz null);`);
    this.addSql(`create index "api_keys_created_by_idx" on "api_keys" ("created_by_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "api_keys_org_created_idx" on "api_keys" ("organization_id", "created_at");`);

    this.addSql(`alter table "api_keys" add constraint "api_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_keys" cascade;`);
  }

}

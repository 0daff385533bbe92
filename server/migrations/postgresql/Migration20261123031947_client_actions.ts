import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031947_client_actions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "client_actions" ("id" serial primary key, "organization_id" int not null, "user_id" int not null, "client_id" varchar(36) not null, "kind" varchar(40) not null, "result" text not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "client_actions_user_idx" on "client_actions" ("user_id");`);
    this.addSql(`alter table "client_actions" add constraint "client_actions_client_id_unique" unique ("client_id");`);

    this.addSql(`alter table "client_actions" add constraint "client_actions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "client_actions" add constraint "client_actions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "client_actions" cascade;`);
  }

}

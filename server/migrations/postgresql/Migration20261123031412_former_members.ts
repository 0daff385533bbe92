import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031412_former_members extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "former_members" ("id" serial primary key, "organization_id" int not null, "user_id" int not null, "name" varchar(100) not null, "role" varchar(20) not null, "reason" varchar(10) not null, "removed_by_id" int null, "departed_at" timestamptz not null);`);
    this.addSql(`create index "former_members_user_idx" on "former_members" ("user_id");`);
    this.addSql(`alter table "former_members" add constraint "former_members_org_user_unique" unique ("organization_id", "user_id");`);

    this.addSql(`alter table "former_members" add constraint "former_members_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "former_members" add constraint "former_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "former_members" add constraint "former_members_removed_by_id_foreign" foreign key ("removed_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "former_members" cascade;`);
  }

}

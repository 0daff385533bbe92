import { Migration } from '@mikro-orm/migrations';

export class Migration20261128064147_organization_deletion_notices extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "organization_deletion_notices" ("id" serial primary key, "user_id" int not null, "organization_name" varchar(100) not null, "organization_slug" varchar(50) not null, "deleted_by_name" varchar(100) null, "deleted_at" timestamptz not null);`);
    this.addSql(`create index "organization_deletion_notices_user_idx" on "organization_deletion_notices" ("user_id");`);

    this.addSql(`alter table "organization_deletion_notices" add constraint "organization_deletion_notices_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "organization_deletion_notices" cascade;`);
  }

}

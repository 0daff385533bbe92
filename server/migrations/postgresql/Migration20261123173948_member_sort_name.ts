import { Migration } from '@mikro-orm/migrations';

export class Migration20261123173948_member_sort_name extends Migration {

  override async up(): Promise<void> {
    // Every existing row gets its key (decision 0211).
    this.addSql(`alter table "memberships" add column "sort_name" varchar(255) not null default '';`);
    this.addSql(`update "memberships" set "sort_name" = lower(coalesce("display_name",
      (select u."name" from "users" u where u."id" = "memberships"."user_id")));`);
    this.addSql(`create index "memberships_org_sort_name_idx" on "memberships" ("organization_id", "sort_name", "user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "memberships_org_sort_name_idx";`);
    this.addSql(`alter table "memberships" drop column "sort_name";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123002718_training extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "assignments" ("id" serial primary key, "organization_id" int not null, "course_id" int not null, "membership_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "assignments_membership_idx" on "assignments" ("membership_id");`);
    this.addSql(`alter table "assignments" add constraint "assignments_unique" unique ("organization_id", "course_id", "membership_id");`);

    this.addSql(`alter table "assignments" add constraint "assignments_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "assignments" add constraint "assignments_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "assignments" add constraint "assignments_membership_id_foreign" foreign key ("membership_id") references "memberships" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "courses" add column "required" boolean not null default false, add column "due_date" varchar(10) null, add column "due_days" int null;`);

    this.addSql(`alter table "member_tags" add column "created_at" timestamptz null;`);
    // Links made before this column: the membership's creation is the earliest they can have existed.
    this.addSql(`update "member_tags" set "created_at" = (select "m"."created_at" from "memberships" "m" where "m"."id" = "member_tags"."membership_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assignments" cascade;`);

    this.addSql(`alter table "courses" drop column "required", drop column "due_date", drop column "due_days";`);

    this.addSql(`alter table "member_tags" drop column "created_at";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093948_course_revisions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "course_revisions" ("id" serial primary key, "organization_id" int not null, "course_id" int null, "state" varchar(20) not null, "number" int null, "reason" text null, "lessons" jsonb not null, "previous" jsonb not null, "changes" jsonb not null, "author_id" int null, "author_name" varchar(255) not null, "published_at" timestamptz null, "published_by_id" int null, "published_by_name" varchar(255) null, "content_hash" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "course_revisions_course_idx" on "course_revisions" ("course_id");`);
    this.addSql(`create index "course_revisions_org_course_state_idx" on "course_revisions" ("organization_id", "course_id", "state");`);

    this.addSql(`alter table "course_revisions" add constraint "course_revisions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_revisions" add constraint "course_revisions_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "course_revisions" add constraint "course_revisions_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "course_revisions" add constraint "course_revisions_published_by_id_foreign" foreign key ("published_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "course_revisions" cascade;`);
  }

}

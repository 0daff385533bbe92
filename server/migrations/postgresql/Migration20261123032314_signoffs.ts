import { Migration } from '@mikro-orm/migrations';

export class Migration20261123032314_signoffs extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "lesson_versions" ("id" serial primary key, "organization_id" int not null, "lesson_id" int null, "version" int not null, "change" varchar(10) not null, "summary" varchar(255) null, "author_id" int null, "author_name" varchar(255) not null, "title" varchar(255) not null, "content" text null, "content_hash" varchar(64) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "lesson_versions_lesson_idx" on "lesson_versions" ("lesson_id");`);
    this.addSql(`create index "lesson_versions_org_lesson_version_idx" on "lesson_versions" ("organization_id", "lesson_id", "version");`);

    this.addSql(`create table "signatures" ("id" serial primary key, "organization_id" int not null, "user_id" int null, "lesson_id" int null, "lesson_version_id" int not null, "version" int not null, "content_hash" varchar(64) not null, "signed_name" varchar(255) not null, "email" varchar(320) not null, "signed_at" timestamptz not null, "client_address" varchar(64) not null, "user_agent" varchar(512) not null);`);
    this.addSql(`create index "signatures_user_idx" on "signatures" ("user_id");`);
    this.addSql(`create index "signatures_lesson_idx" on "signatures" ("lesson_id");`);
    this.addSql(`create index "signatures_version_idx" on "signatures" ("lesson_version_id");`);
    this.addSql(`create index "signatures_org_lesson_user_idx" on "signatures" ("organization_id", "lesson_id", "user_id");`);

    this.addSql(`alter table "lesson_versions" add constraint "lesson_versions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "lesson_versions" add constraint "lesson_versions_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "lesson_versions" add constraint "lesson_versions_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "signatures" add constraint "signatures_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "signatures" add constraint "signatures_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "signatures" add constraint "signatures_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "signatures" add constraint "signatures_lesson_version_id_foreign" foreign key ("lesson_version_id") references "lesson_versions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lessons" add column "requires_signoff" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "signatures" drop constraint "signatures_lesson_version_id_foreign";`);

    this.addSql(`drop table if exists "lesson_versions" cascade;`);

    this.addSql(`drop table if exists "signatures" cascade;`);

    this.addSql(`alter table "lessons" drop column "requires_signoff";`);
  }

}

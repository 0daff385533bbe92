import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093241_translations extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "course_translations" ("id" serial primary key, "organization_id" int not null, "course_id" int not null, "language" varchar(10) not null, "title" varchar(255) not null, "description" text null, "version" int not null default 1, "source_hash" varchar(64) not null, "source_title" varchar(255) not null, "source_description" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "course_translations_org_course_idx" on "course_translations" ("organization_id", "course_id");`);
    this.addSql(`alter table "course_translations" add constraint "course_translations_course_language_unique" unique ("course_id", "language");`);

    this.addSql(`create table "signed_translations" ("id" serial primary key, "organization_id" int not null, "signature_id" int not null, "language" varchar(10) not null, "translation_version" int not null, "content_hash" varchar(64) not null);`);
    this.addSql(`alter table "signed_translations" add constraint "signed_translations_signature_id_unique" unique ("signature_id");`);
    this.addSql(`create index "signed_translations_org_signature_idx" on "signed_translations" ("organization_id", "signature_id");`);

    this.addSql(`create table "lesson_translations" ("id" serial primary key, "organization_id" int not null, "lesson_id" int not null, "language" varchar(10) not null, "title" varchar(255) not null, "content" text null, "questions" text not null, "version" int not null default 1, "source_version" int not null, "source_hash" varchar(64) not null, "source_title" varchar(255) not null, "source_content" text null, "author_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "lesson_translations_org_lesson_idx" on "lesson_translations" ("organization_id", "lesson_id");`);
    this.addSql(`alter table "lesson_translations" add constraint "lesson_translations_lesson_language_unique" unique ("lesson_id", "language");`);

    this.addSql(`alter table "course_translations" add constraint "course_translations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_translations" add constraint "course_translations_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "signed_translations" add constraint "signed_translations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "signed_translations" add constraint "signed_translations_signature_id_foreign" foreign key ("signature_id") references "signatures" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lesson_translations" add constraint "lesson_translations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "lesson_translations" add constraint "lesson_translations_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "lesson_translations" add constraint "lesson_translations_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "course_translations" cascade;`);

    this.addSql(`drop table if exists "signed_translations" cascade;`);

    this.addSql(`drop table if exists "lesson_translations" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128104452_revision_approval extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "document_control_settings" ("id" serial primary key, "organization_id" int not null, "approval_required" boolean not null default false);`);
    this.addSql(`alter table "document_control_settings" add constraint "document_control_settings_org_unique" unique ("organization_id");`);

    this.addSql(`alter table "document_control_settings" add constraint "document_control_settings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "course_revisions" add column "submitted_by_id" int null, add column "submitted_at" timestamptz null, add column "approved_by_id" int null, add column "approved_name" varchar(255) null, add column "approved_at" timestamptz null, add column "approved_address" varchar(64) null, add column "approved_device" varchar(512) null, add column "approved_hash" varchar(64) null, add column "review_comment" text null, add column "reviewed_by_name" varchar(255) null;`);
    this.addSql(`alter table "course_revisions" add constraint "course_revisions_submitted_by_id_foreign" foreign key ("submitted_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "course_revisions" add constraint "course_revisions_approved_by_id_foreign" foreign key ("approved_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "document_control_settings" cascade;`);

    this.addSql(`alter table "course_revisions" drop constraint "course_revisions_submitted_by_id_foreign";`);
    this.addSql(`alter table "course_revisions" drop constraint "course_revisions_approved_by_id_foreign";`);

    this.addSql(`alter table "course_revisions" drop column "submitted_by_id", drop column "submitted_at", drop column "approved_by_id", drop column "approved_name", drop column "approved_at", drop column "approved_address", drop column "approved_device", drop column "approved_hash", drop column "review_comment", drop column "reviewed_by_name";`);
  }

}

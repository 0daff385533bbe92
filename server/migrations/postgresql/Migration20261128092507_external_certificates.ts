import { Migration } from '@mikro-orm/migrations';

export class Migration20261128092507_external_certificates extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "certificate_scans" ("id" serial primary key, "organization_id" int not null, "key" varchar(64) not null, "content_type" varchar(40) not null, "bytes" bytea not null, "size" int not null, "uploaded_by_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "certificate_scans" add constraint "certificate_scans_key_unique" unique ("key");`);
    this.addSql(`create index "certificate_scans_org_idx" on "certificate_scans" ("organization_id", "created_at");`);

    this.addSql(`create table "external_certificates" ("id" serial primary key, "organization_id" int not null, "user_id" int null, "holder_name" varchar(255) not null, "title" varchar(255) not null, "issuer" varchar(255) not null, "number" varchar(100) not null, "issued_on" varchar(10) not null, "expires_on" varchar(10) null, "course_id" int null, "scan_id" int not null, "status" varchar(20) not null, "submitted_by_id" int null, "reviewed_by_id" int null, "reviewed_at" timestamptz null, "review_note" text null, "certificate_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "external_certificates_org_status_idx" on "external_certificates" ("organization_id", "status");`);
    this.addSql(`create index "external_certificates_org_user_idx" on "external_certificates" ("organization_id", "user_id");`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_scan_unique" unique ("scan_id");`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_certificate_unique" unique ("certificate_id");`);

    this.addSql(`alter table "certificate_scans" add constraint "certificate_scans_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "certificate_scans" add constraint "certificate_scans_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "external_certificates" add constraint "external_certificates_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_scan_id_foreign" foreign key ("scan_id") references "certificate_scans" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_submitted_by_id_foreign" foreign key ("submitted_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "external_certificates" add constraint "external_certificates_certificate_id_foreign" foreign key ("certificate_id") references "certificates" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "external_certificates" drop constraint "external_certificates_scan_id_foreign";`);

    this.addSql(`drop table if exists "certificate_scans" cascade;`);

    this.addSql(`drop table if exists "external_certificates" cascade;`);
  }

}

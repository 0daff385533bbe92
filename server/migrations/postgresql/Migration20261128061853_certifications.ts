import { Migration } from '@mikro-orm/migrations';

export class Migration20261128061853_certifications extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "certificates" ("id" serial primary key, "organization_id" int not null, "user_id" int null, "course_id" int null, "cycle" int not null, "number" varchar(40) not null, "verification_code" varchar(43) not null, "title" varchar(255) not null, "holder_name" varchar(255) not null, "course_version" int null, "issued_at" timestamptz not null, "expires_at" timestamptz null, "renewal_opened_at" timestamptz null, "revoked_at" timestamptz null, "revoked_reason" text null, "created_at" timestamptz not null);`);
    this.addSql(`create index "certificates_user_idx" on "certificates" ("user_id");`);
    this.addSql(`create index "certificates_org_expires_idx" on "certificates" ("organization_id", "expires_at");`);
    this.addSql(`alter table "certificates" add constraint "certificates_course_user_cycle_unique" unique ("course_id", "user_id", "cycle");`);
    this.addSql(`alter table "certificates" add constraint "certificates_code_unique" unique ("verification_code");`);
    this.addSql(`alter table "certificates" add constraint "certificates_org_number_unique" unique ("organization_id", "number");`);

    this.addSql(`create table "certificate_completions" ("id" serial primary key, "organization_id" int not null, "certificate_id" int not null, "lesson_id" int null, "completed_at" timestamptz not null);`);
    this.addSql(`create index "certificate_completions_org_idx" on "certificate_completions" ("organization_id", "certificate_id");`);
    this.addSql(`alter table "certificate_completions" add constraint "certificate_completions_unique" unique ("certificate_id", "lesson_id");`);

    this.addSql(`alter table "certificates" add constraint "certificates_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "certificates" add constraint "certificates_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "certificates" add constraint "certificates_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "certificate_completions" add constraint "certificate_completions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "certificate_completions" add constraint "certificate_completions_certificate_id_foreign" foreign key ("certificate_id") references "certificates" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "certificate_completions" add constraint "certificate_completions_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "courses" add column "certified" boolean not null default false, add column "validity_months" int null, add column "recertify_days_before" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "certificate_completions" drop constraint "certificate_completions_certificate_id_foreign";`);

    this.addSql(`drop table if exists "certificates" cascade;`);

    this.addSql(`drop table if exists "certificate_completions" cascade;`);

    this.addSql(`alter table "courses" drop column "certified", drop column "validity_months", drop column "recertify_days_before";`);
  }

}

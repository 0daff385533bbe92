import { Migration } from '@mikro-orm/migrations';

export class Migration20261128071439_scorm_packages extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "scorm_packages" ("id" serial primary key, "organization_id" int not null, "lesson_id" int not null, "version" int not null default 1, "scorm_version" varchar(10) not null, "title" varchar(255) not null, "scos" text not null, "size" int not null, "uploaded_by_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "scorm_packages" add constraint "scorm_packages_lesson_unique" unique ("lesson_id");`);

    this.addSql(`create table "scorm_files" ("id" serial primary key, "organization_id" int not null, "package_id" int not null, "path" varchar(1024) not null, "content_type" varchar(100) not null, "bytes" bytea not null);`);
    this.addSql(`alter table "scorm_files" add constraint "scorm_files_package_path_unique" unique ("package_id", "path");`);

    this.addSql(`alter table "scorm_packages" add constraint "scorm_packages_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "scorm_packages" add constraint "scorm_packages_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "scorm_packages" add constraint "scorm_packages_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "scorm_files" add constraint "scorm_files_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "scorm_files" add constraint "scorm_files_package_id_foreign" foreign key ("package_id") references "scorm_packages" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "scorm_files" drop constraint "scorm_files_package_id_foreign";`);

    this.addSql(`drop table if exists "scorm_packages" cascade;`);

    this.addSql(`drop table if exists "scorm_files" cascade;`);
  }

}

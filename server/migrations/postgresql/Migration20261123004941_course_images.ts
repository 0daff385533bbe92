import { Migration } from '@mikro-orm/migrations';

export class Migration20261123004941_course_images extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "course_images" ("id" serial primary key, "organization_id" int not null, "course_id" int not null, "key" varchar(64) not null, "content_type" varchar(20) not null, "bytes" bytea not null, "uploaded_by_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "course_images_course_idx" on "course_images" ("course_id");`);
    this.addSql(`alter table "course_images" add constraint "course_images_key_unique" unique ("key");`);

    this.addSql(`alter table "course_images" add constraint "course_images_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_images" add constraint "course_images_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_images" add constraint "course_images_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "course_images" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123091613_course_progress extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "course_progress" ("id" serial primary key, "organization_id" int not null, "user_id" int not null, "course_id" int not null, "completed_lessons" int not null, "last_completed_at" timestamptz not null);`);
    this.addSql(`create index "course_progress_org_user_idx" on "course_progress" ("organization_id", "user_id");`);
    this.addSql(`alter table "course_progress" add constraint "course_progress_course_user_unique" unique ("course_id", "user_id");`);

    this.addSql(`alter table "course_progress" add constraint "course_progress_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_progress" add constraint "course_progress_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_progress" add constraint "course_progress_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    // Every completion so far, counted per user and course (decision 0172).
    this.addSql(`insert into course_progress (organization_id, user_id, course_id, completed_lessons, last_completed_at)
      select c.organization_id, c.user_id, m.course_id, count(*), max(c.completed_at)
      from completions c join lessons l on l.id = c.lesson_id join modules m on m.id = l.module_id
      group by c.organization_id, c.user_id, m.course_id;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "course_progress" cascade;`);
  }

}

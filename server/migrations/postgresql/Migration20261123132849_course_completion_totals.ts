import { Migration } from '@mikro-orm/migrations';

export class Migration20261123132849_course_completion_totals extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "course_completion_totals" ("id" serial primary key, "organization_id" int not null, "course_id" int not null, "lane" int not null, "completions" int not null);`);
    this.addSql(`create index "course_completion_totals_org_idx" on "course_completion_totals" ("organization_id", "completions");`);
    this.addSql(`alter table "course_completion_totals" add constraint "course_completion_totals_course_lane_unique" unique ("course_id", "lane");`);

    this.addSql(`alter table "course_completion_totals" add constraint "course_completion_totals_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_completion_totals" add constraint "course_completion_totals_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    // Every progress row so far, summed per course and lane (decision 0210; recountTotalsStatement's SQL).
    this.addSql(`insert into course_completion_totals (organization_id, course_id, lane, completions)
      select organization_id, course_id, user_id % 8, sum(completed_lessons) from course_progress
      group by organization_id, course_id, user_id % 8;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "course_completion_totals" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123132846_course_completion_totals extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`course_completion_totals\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`course_id\` integer not null, \`lane\` integer not null, \`completions\` integer not null, constraint \`course_completion_totals_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`course_completion_totals_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`course_completion_totals_org_idx\` on \`course_completion_totals\` (\`organization_id\`, \`completions\`);`);
    this.addSql(`create unique index \`course_completion_totals_course_lane_unique\` on \`course_completion_totals\` (\`course_id\`, \`lane\`);`);
    // Every progress row so far, summed per course and lane (decision 0210; recountTotalsStatement's SQL).
    this.addSql(`insert into course_completion_totals (organization_id, course_id, lane, completions)
      select organization_id, course_id, user_id % 8, sum(completed_lessons) from course_progress
      group by organization_id, course_id, user_id % 8;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123091603_course_progress extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`course_progress\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer not null, \`course_id\` integer not null, \`completed_lessons\` integer not null, \`last_completed_at\` datetime not null, constraint \`course_progress_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`course_progress_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`course_progress_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`course_progress_organization_id_index\` on \`course_progress\` (\`organization_id\`);`);
    this.addSql(`create index \`course_progress_user_id_index\` on \`course_progress\` (\`user_id\`);`);
    this.addSql(`create index \`course_progress_course_id_index\` on \`course_progress\` (\`course_id\`);`);
    this.addSql(`create index \`course_progress_org_user_idx\` on \`course_progress\` (\`organization_id\`, \`user_id\`);`);
    this.addSql(`create unique index \`course_progress_course_user_unique\` on \`course_progress\` (\`course_id\`, \`user_id\`);`);
  }

}

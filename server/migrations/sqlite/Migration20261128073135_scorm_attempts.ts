import { Migration } from '@mikro-orm/migrations';

export class Migration20261128073135_scorm_attempts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`scorm_attempts\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`lesson_id\` integer not null, \`user_id\` integer not null, \`package_version\` integer not null, \`sco\` text not null, \`runtime\` text not null, \`completed\` integer not null default false, \`passed\` integer null, \`score_raw\` double null, \`score_scaled\` double null, \`total_seconds\` integer not null default 0, \`session_seconds\` integer not null default 0, \`updated_at\` datetime not null, constraint \`scorm_attempts_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`scorm_attempts_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade, constraint \`scorm_attempts_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`scorm_attempts_organization_id_index\` on \`scorm_attempts\` (\`organization_id\`);`);
    this.addSql(`create index \`scorm_attempts_lesson_id_index\` on \`scorm_attempts\` (\`lesson_id\`);`);
    this.addSql(`create index \`scorm_attempts_user_id_index\` on \`scorm_attempts\` (\`user_id\`);`);
    this.addSql(`create unique index \`scorm_attempts_learner_unique\` on \`scorm_attempts\` (\`organization_id\`, \`lesson_id\`, \`user_id\`, \`package_version\`, \`sco\`);`);
  }

}

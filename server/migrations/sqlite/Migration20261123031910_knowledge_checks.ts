import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031910_knowledge_checks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`quizzes\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`lesson_id\` integer not null, \`pass_percent\` integer not null default 80, \`max_attempts\` integer null, \`shuffle\` integer not null default false, constraint \`quizzes_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`quizzes_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`quizzes_organization_id_index\` on \`quizzes\` (\`organization_id\`);`);
    this.addSql(`create index \`quizzes_lesson_id_index\` on \`quizzes\` (\`lesson_id\`);`);
    this.addSql(`create unique index \`quizzes_lesson_unique\` on \`quizzes\` (\`lesson_id\`);`);

    this.addSql(`create table \`quiz_questions\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`quiz_id\` integer not null, \`kind\` text not null, \`prompt\` text not null, \`explanation\` text null, \`position\` integer not null, constraint \`quiz_questions_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`quiz_questions_quiz_id_foreign\` foreign key(\`quiz_id\`) references \`quizzes\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`quiz_questions_organization_id_index\` on \`quiz_questions\` (\`organization_id\`);`);
    this.addSql(`create index \`quiz_questions_quiz_idx\` on \`quiz_questions\` (\`quiz_id\`);`);

    this.addSql(`create table \`quiz_options\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`question_id\` integer not null, \`text\` text not null, \`correct\` integer not null, \`position\` integer not null, constraint \`quiz_options_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`quiz_options_question_id_foreign\` foreign key(\`question_id\`) references \`quiz_questions\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`quiz_options_organization_id_index\` on \`quiz_options\` (\`organization_id\`);`);
    this.addSql(`create index \`quiz_options_question_idx\` on \`quiz_options\` (\`question_id\`);`);

    this.addSql(`create table \`quiz_attempts\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer not null, \`lesson_id\` integer not null, \`answers\` json not null, \`score_percent\` integer not null, \`passed\` integer not null, \`created_at\` datetime not null, constraint \`quiz_attempts_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`quiz_attempts_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`quiz_attempts_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`quiz_attempts_organization_id_index\` on \`quiz_attempts\` (\`organization_id\`);`);
    this.addSql(`create index \`quiz_attempts_user_idx\` on \`quiz_attempts\` (\`user_id\`);`);
    this.addSql(`create index \`quiz_attempts_lesson_id_index\` on \`quiz_attempts\` (\`lesson_id\`);`);
    this.addSql(`create index \`quiz_attempts_org_lesson_user_idx\` on \`quiz_attempts\` (\`organization_id\`, \`lesson_id\`, \`user_id\`);`);
  }

}

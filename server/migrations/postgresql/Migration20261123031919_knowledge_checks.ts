import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031919_knowledge_checks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "quizzes" ("id" serial primary key, "organization_id" int not null, "lesson_id" int not null, "pass_percent" int not null default 80, "max_attempts" int null, "shuffle" boolean not null default false);`);
    this.addSql(`alter table "quizzes" add constraint "quizzes_lesson_unique" unique ("lesson_id");`);

    this.addSql(`create table "quiz_questions" ("id" serial primary key, "organization_id" int not null, "quiz_id" int not null, "kind" varchar(20) not null, "prompt" text not null, "explanation" text null, "position" int not null);`);
    this.addSql(`create index "quiz_questions_quiz_idx" on "quiz_questions" ("quiz_id");`);

    this.addSql(`create table "quiz_options" ("id" serial primary key, "organization_id" int not null, "question_id" int not null, "text" text not null, "correct" boolean not null, "position" int not null);`);
    this.addSql(`create index "quiz_options_question_idx" on "quiz_options" ("question_id");`);

    this.addSql(`create table "quiz_attempts" ("id" serial primary key, "organization_id" int not null, "user_id" int not null, "lesson_id" int not null, "answers" jsonb not null, "score_percent" int not null, "passed" boolean not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "quiz_attempts_user_idx" on "quiz_attempts" ("user_id");`);
    this.addSql(`create index "quiz_attempts_org_lesson_user_idx" on "quiz_attempts" ("organization_id", "lesson_id", "user_id");`);

    this.addSql(`alter table "quizzes" add constraint "quizzes_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quizzes" add constraint "quizzes_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "quiz_questions" add constraint "quiz_questions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quiz_questions" add constraint "quiz_questions_quiz_id_foreign" foreign key ("quiz_id") references "quizzes" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "quiz_options" add constraint "quiz_options_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quiz_options" add constraint "quiz_options_question_id_foreign" foreign key ("question_id") references "quiz_questions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "quiz_attempts" add constraint "quiz_attempts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quiz_attempts" add constraint "quiz_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quiz_attempts" add constraint "quiz_attempts_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "quiz_questions" drop constraint "quiz_questions_quiz_id_foreign";`);

    this.addSql(`alter table "quiz_options" drop constraint "quiz_options_question_id_foreign";`);

    this.addSql(`drop table if exists "quizzes" cascade;`);

    this.addSql(`drop table if exists "quiz_questions" cascade;`);

    this.addSql(`drop table if exists "quiz_options" cascade;`);

    this.addSql(`drop table if exists "quiz_attempts" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128073137_scorm_attempts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "scorm_attempts" ("id" serial primary key, "organization_id" int not null, "lesson_id" int not null, "user_id" int not null, "package_version" int not null, "sco" varchar(255) not null, "runtime" text not null, "completed" boolean not null default false, "passed" boolean null, "score_raw" double precision null, "score_scaled" double precision null, "total_seconds" int not null default 0, "session_seconds" int not null default 0, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "scorm_attempts" add constraint "scorm_attempts_learner_unique" unique ("organization_id", "lesson_id", "user_id", "package_version", "sco");`);

    this.addSql(`alter table "scorm_attempts" add constraint "scorm_attempts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "scorm_attempts" add constraint "scorm_attempts_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "scorm_attempts" add constraint "scorm_attempts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "scorm_attempts" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128012826_quiz_reveal_answers extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "quizzes" add column "reveal_answers" varchar(30) not null default 'after_pass_or_last_attempt';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "quizzes" drop column "reveal_answers";`);
  }

}

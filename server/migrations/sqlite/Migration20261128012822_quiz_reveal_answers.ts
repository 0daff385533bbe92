import { Migration } from '@mikro-orm/migrations';

export class Migration20261128012822_quiz_reveal_answers extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`quizzes\` add column \`reveal_answers\` text not null default 'after_pass_or_last_attempt';`);
  }

}

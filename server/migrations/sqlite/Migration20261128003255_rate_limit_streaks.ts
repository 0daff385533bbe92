import { Migration } from '@mikro-orm/migrations';

export class Migration20261128003255_rate_limit_streaks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`rate_limit_streaks\` (\`streak_key\` text not null, \`hits\` integer not null, \`first_at\` bigint not null, \`last_at\` bigint not null, primary key (\`streak_key\`));`);
    this.addSql(`create index \`rate_limit_streaks_last_at_idx\` on \`rate_limit_streaks\` (\`last_at\`);`);
  }

}

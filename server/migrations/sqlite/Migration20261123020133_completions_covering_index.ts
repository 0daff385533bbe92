import { Migration } from '@mikro-orm/migrations';

export class Migration20261123020133_completions_covering_index extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index \`completions_org_user_lesson_time_idx\` on \`completions\` (\`organization_id\`, \`user_id\`, \`lesson_id\`, \`completed_at\`);`);
  }

}

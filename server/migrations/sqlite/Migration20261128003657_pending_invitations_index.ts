import { Migration } from '@mikro-orm/migrations';

export class Migration20261128003657_pending_invitations_index extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index \`invitations_org_pending_idx\` on \`invitations\` (\`organization_id\`, \`accepted_at\`, \`created_at\`, \`id\`);`);
  }

}

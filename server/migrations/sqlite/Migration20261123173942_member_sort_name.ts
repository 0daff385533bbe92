import { Migration } from '@mikro-orm/migrations';

export class Migration20261123173942_member_sort_name extends Migration {

  override async up(): Promise<void> {
    // SQLite adds a NOT NULL column only with a default; every row gets its key right after (decision 0211).
    this.addSql(`alter table \`memberships\` add column \`sort_name\` text not null default '';`);
    this.addSql(`update \`memberships\` set \`sort_name\` = lower(coalesce(\`display_name\`,
      (select u.\`name\` from \`users\` u where u.\`id\` = \`memberships\`.\`user_id\`)));`);
    this.addSql(`create index \`memberships_org_sort_name_idx\` on \`memberships\` (\`organization_id\`, \`sort_name\`, \`user_id\`);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128065101_api_keys extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`api_keys\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`created_by_id\` integer not null, \`name\` text not null, \`access\` text not null, \`token_hash\` text not null, \`shown_prefix\` text not null, \`created_at\` datetime not null, \`expires_at\` datetime null, \`last_used_at\` datetime null, constraint \`api_keys_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`api_keys_created_by_id_foreign\` foreign key(\`created_by_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`api_keys_created_by_idx\` on \`api_keys\` (\`created_by_id\`);`);
    this.addSql(`create unique index \`api_keys_token_hash_unique\` on \`api_keys\` (\`token_hash\`);`);
    this.addSql(`create index \`api_keys_org_created_idx\` on \`api_keys\` (\`organization_id\`, \`created_at\`);`);
  }

}

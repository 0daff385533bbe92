import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031941_client_actions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`client_actions\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer not null, \`client_id\` text not null, \`kind\` text not null, \`result\` text not null, \`created_at\` datetime not null, constraint \`client_actions_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`client_actions_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`client_actions_organization_id_index\` on \`client_actions\` (\`organization_id\`);`);
    this.addSql(`create index \`client_actions_user_idx\` on \`client_actions\` (\`user_id\`);`);
    this.addSql(`create unique index \`client_actions_client_id_unique\` on \`client_actions\` (\`client_id\`);`);
  }

}

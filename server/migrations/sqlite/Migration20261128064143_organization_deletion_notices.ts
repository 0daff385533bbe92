import { Migration } from '@mikro-orm/migrations';

export class Migration20261128064143_organization_deletion_notices extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`organization_deletion_notices\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`organization_name\` text not null, \`organization_slug\` text not null, \`deleted_by_name\` text null, \`deleted_at\` datetime not null, constraint \`organization_deletion_notices_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`organization_deletion_notices_user_idx\` on \`organization_deletion_notices\` (\`user_id\`);`);
  }

}

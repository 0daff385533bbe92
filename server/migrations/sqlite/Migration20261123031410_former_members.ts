import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031410_former_members extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`former_members\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer not null, \`name\` text not null, \`role\` text not null, \`reason\` text not null, \`removed_by_id\` integer null, \`departed_at\` datetime not null, constraint \`former_members_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`former_members_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`former_members_removed_by_id_foreign\` foreign key(\`removed_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`former_members_organization_id_index\` on \`former_members\` (\`organization_id\`);`);
    this.addSql(`create index \`former_members_user_idx\` on \`former_members\` (\`user_id\`);`);
    this.addSql(`create index \`former_members_removed_by_id_index\` on \`former_members\` (\`removed_by_id\`);`);
    this.addSql(`create unique index \`former_members_org_user_unique\` on \`former_members\` (\`organization_id\`, \`user_id\`);`);
  }

}

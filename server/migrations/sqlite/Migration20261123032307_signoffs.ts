import { Migration } from '@mikro-orm/migrations';

export class Migration20261123032307_signoffs extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`lesson_versions\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`lesson_id\` integer null, \`version\` integer not null, \`change\` text not null, \`summary\` text null, \`author_id\` integer null, \`author_name\` text not null, \`title\` text not null, \`content\` text null, \`content_hash\` text not null, \`created_at\` datetime not null, constraint \`lesson_versions_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`lesson_versions_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete set null on update cascade, constraint \`lesson_versions_author_id_foreign\` foreign key(\`author_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`lesson_versions_organization_id_index\` on \`lesson_versions\` (\`organization_id\`);`);
    this.addSql(`create index \`lesson_versions_lesson_idx\` on \`lesson_versions\` (\`lesson_id\`);`);
    this.addSql(`create index \`lesson_versions_author_id_index\` on \`lesson_versions\` (\`author_id\`);`);
    this.addSql(`create index \`lesson_versions_org_lesson_version_idx\` on \`lesson_versions\` (\`organization_id\`, \`lesson_id\`, \`version\`);`);

    this.addSql(`create table \`signatures\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer null, \`lesson_id\` integer null, \`lesson_version_id\` integer not null, \`version\` integer not null, \`content_hash\` text not null, \`signed_name\` text not null, \`email\` text not null, \`signed_at\` datetime not null, \`client_address\` text not null, \`user_agent\` text not null, constraint \`signatures_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`signatures_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`signatures_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete set null on update cascade, constraint \`signatures_lesson_version_id_foreign\` foreign key(\`lesson_version_id\`) references \`lesson_versions\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`signatures_organization_id_index\` on \`signatures\` (\`organization_id\`);`);
    this.addSql(`create index \`signatures_user_idx\` on \`signatures\` (\`user_id\`);`);
    this.addSql(`create index \`signatures_lesson_idx\` on \`signatures\` (\`lesson_id\`);`);
    this.addSql(`create index \`signatures_version_idx\` on \`signatures\` (\`lesson_version_id\`);`);
    this.addSql(`create index \`signatures_org_lesson_user_idx\` on \`signatures\` (\`organization_id\`, \`lesson_id\`, \`user_id\`);`);

    this.addSql(`alter table \`lessons\` add column \`requires_signoff\` integer not null default false;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093943_course_revisions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`course_revisions\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`course_id\` integer null, \`state\` text not null, \`number\` integer null, \`reason\` text null, \`lessons\` json not null, \`previous\` json not null, \`changes\` json not null, \`author_id\` integer null, \`author_name\` text not null, \`published_at\` datetime null, \`published_by_id\` integer null, \`published_by_name\` text null, \`content_hash\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`course_revisions_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`course_revisions_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete set null on update cascade, constraint \`course_revisions_author_id_foreign\` foreign key(\`author_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`course_revisions_published_by_id_foreign\` foreign key(\`published_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`course_revisions_organization_id_index\` on \`course_revisions\` (\`organization_id\`);`);
    this.addSql(`create index \`course_revisions_course_idx\` on \`course_revisions\` (\`course_id\`);`);
    this.addSql(`create index \`course_revisions_author_id_index\` on \`course_revisions\` (\`author_id\`);`);
    this.addSql(`create index \`course_revisions_published_by_id_index\` on \`course_revisions\` (\`published_by_id\`);`);
    this.addSql(`create index \`course_revisions_org_course_state_idx\` on \`course_revisions\` (\`organization_id\`, \`course_id\`, \`state\`);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093234_translations extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`course_translations\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`course_id\` integer not null, \`language\` text not null, \`title\` text not null, \`description\` text null, \`version\` integer not null default 1, \`source_hash\` text not null, \`source_title\` text not null, \`source_description\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`course_translations_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`course_translations_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`course_translations_organization_id_index\` on \`course_translations\` (\`organization_id\`);`);
    this.addSql(`create index \`course_translations_course_id_index\` on \`course_translations\` (\`course_id\`);`);
    this.addSql(`create index \`course_translations_org_course_idx\` on \`course_translations\` (\`organization_id\`, \`course_id\`);`);
    this.addSql(`create unique index \`course_translations_course_language_unique\` on \`course_translations\` (\`course_id\`, \`language\`);`);

    this.addSql(`create table \`signed_translations\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`signature_id\` integer not null, \`language\` text not null, \`translation_version\` integer not null, \`content_hash\` text not null, constraint \`signed_translations_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`signed_translations_signature_id_foreign\` foreign key(\`signature_id\`) references \`signatures\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`signed_translations_organization_id_index\` on \`signed_translations\` (\`organization_id\`);`);
    this.addSql(`create unique index \`signed_translations_signature_id_unique\` on \`signed_translations\` (\`signature_id\`);`);
    this.addSql(`create index \`signed_translations_org_signature_idx\` on \`signed_translations\` (\`organization_id\`, \`signature_id\`);`);

    this.addSql(`create table \`lesson_translations\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`lesson_id\` integer not null, \`language\` text not null, \`title\` text not null, \`content\` text null, \`questions\` text not null, \`version\` integer not null default 1, \`source_version\` integer not null, \`source_hash\` text not null, \`source_title\` text not null, \`source_content\` text null, \`author_id\` integer null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`lesson_translations_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`lesson_translations_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade, constraint \`lesson_translations_author_id_foreign\` foreign key(\`author_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`lesson_translations_organization_id_index\` on \`lesson_translations\` (\`organization_id\`);`);
    this.addSql(`create index \`lesson_translations_lesson_id_index\` on \`lesson_translations\` (\`lesson_id\`);`);
    this.addSql(`create index \`lesson_translations_author_id_index\` on \`lesson_translations\` (\`author_id\`);`);
    this.addSql(`create index \`lesson_translations_org_lesson_idx\` on \`lesson_translations\` (\`organization_id\`, \`lesson_id\`);`);
    this.addSql(`create unique index \`lesson_translations_lesson_language_unique\` on \`lesson_translations\` (\`lesson_id\`, \`language\`);`);
  }

}

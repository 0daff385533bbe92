import { Migration } from '@mikro-orm/migrations';

export class Migration20261128071435_scorm_packages extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`scorm_packages\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`lesson_id\` integer not null, \`version\` integer not null default 1, \`scorm_version\` text not null, \`title\` text not null, \`scos\` text not null, \`size\` integer not null, \`uploaded_by_id\` integer null, \`created_at\` datetime not null, constraint \`scorm_packages_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`scorm_packages_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade, constraint \`scorm_packages_uploaded_by_id_foreign\` foreign key(\`uploaded_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`scorm_packages_organization_id_index\` on \`scorm_packages\` (\`organization_id\`);`);
    this.addSql(`create index \`scorm_packages_lesson_id_index\` on \`scorm_packages\` (\`lesson_id\`);`);
    this.addSql(`create unique index \`scorm_packages_lesson_unique\` on \`scorm_packages\` (\`lesson_id\`);`);
    this.addSql(`create index \`scorm_packages_uploaded_by_id_index\` on \`scorm_packages\` (\`uploaded_by_id\`);`);

    this.addSql(`create table \`scorm_files\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`package_id\` integer not null, \`path\` text not null, \`content_type\` text not null, \`bytes\` blob not null, constraint \`scorm_files_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`scorm_files_package_id_foreign\` foreign key(\`package_id\`) references \`scorm_packages\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`scorm_files_organization_id_index\` on \`scorm_files\` (\`organization_id\`);`);
    this.addSql(`create index \`scorm_files_package_id_index\` on \`scorm_files\` (\`package_id\`);`);
    this.addSql(`create unique index \`scorm_files_package_path_unique\` on \`scorm_files\` (\`package_id\`, \`path\`);`);
  }

}

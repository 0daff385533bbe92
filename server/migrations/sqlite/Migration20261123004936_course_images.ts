import { Migration } from '@mikro-orm/migrations';

export class Migration20261123004936_course_images extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`course_images\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`course_id\` integer not null, \`key\` text not null, \`content_type\` text not null, \`bytes\` blob not null, \`uploaded_by_id\` integer null, \`created_at\` datetime not null, constraint \`course_images_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`course_images_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade, constraint \`course_images_uploaded_by_id_foreign\` foreign key(\`uploaded_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`course_images_organization_id_index\` on \`course_images\` (\`organization_id\`);`);
    this.addSql(`create index \`course_images_course_idx\` on \`course_images\` (\`course_id\`);`);
    this.addSql(`create unique index \`course_images_key_unique\` on \`course_images\` (\`key\`);`);
    this.addSql(`create index \`course_images_uploaded_by_id_index\` on \`course_images\` (\`uploaded_by_id\`);`);
  }

}

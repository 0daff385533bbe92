import { Migration } from '@mikro-orm/migrations';

export class Migration20261123002717_training extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`assignments\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`course_id\` integer not null, \`membership_id\` integer not null, \`created_at\` datetime not null, constraint \`assignments_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`assignments_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade, constraint \`assignments_membership_id_foreign\` foreign key(\`membership_id\`) references \`memberships\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`assignments_organization_id_index\` on \`assignments\` (\`organization_id\`);`);
    this.addSql(`create index \`assignments_course_id_index\` on \`assignments\` (\`course_id\`);`);
    this.addSql(`create index \`assignments_membership_idx\` on \`assignments\` (\`membership_id\`);`);
    this.addSql(`create unique index \`assignments_unique\` on \`assignments\` (\`organization_id\`, \`course_id\`, \`membership_id\`);`);

    this.addSql(`alter table \`courses\` add column \`required\` integer not null default false;`);
    this.addSql(`alter table \`courses\` add column \`due_date\` text null;`);
    this.addSql(`alter table \`courses\` add column \`due_days\` integer null;`);

    this.addSql(`alter table \`member_tags\` add column \`created_at\` datetime null;`);
    // Links made before this column: the membership's creation is the earliest they can have existed.
    this.addSql(`update \`member_tags\` set \`created_at\` = (select \`m\`.\`created_at\` from \`memberships\` \`m\` where \`m\`.\`id\` = \`member_tags\`.\`membership_id\`);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128061850_certifications extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`certificates\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer null, \`course_id\` integer null, \`cycle\` integer not null, \`number\` text not null, \`verification_code\` text not null, \`title\` text not null, \`holder_name\` text not null, \`course_version\` integer null, \`issued_at\` datetime not null, \`expires_at\` datetime null, \`renewal_opened_at\` datetime null, \`revoked_at\` datetime null, \`revoked_reason\` text null, \`created_at\` datetime not null, constraint \`certificates_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`certificates_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`certificates_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`certificates_user_idx\` on \`certificates\` (\`user_id\`);`);
    this.addSql(`create index \`certificates_org_expires_idx\` on \`certificates\` (\`organization_id\`, \`expires_at\`);`);
    this.addSql(`create unique index \`certificates_course_user_cycle_unique\` on \`certificates\` (\`course_id\`, \`user_id\`, \`cycle\`);`);
    this.addSql(`create unique index \`certificates_code_unique\` on \`certificates\` (\`verification_code\`);`);
    this.addSql(`create unique index \`certificates_org_number_unique\` on \`certificates\` (\`organization_id\`, \`number\`);`);

    this.addSql(`create table \`certificate_completions\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`certificate_id\` integer not null, \`lesson_id\` integer null, \`completed_at\` datetime not null, constraint \`certificate_completions_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`certificate_completions_certificate_id_foreign\` foreign key(\`certificate_id\`) references \`certificates\`(\`id\`) on delete cascade on update cascade, constraint \`certificate_completions_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`certificate_completions_org_idx\` on \`certificate_completions\` (\`organization_id\`, \`certificate_id\`);`);
    this.addSql(`create unique index \`certificate_completions_unique\` on \`certificate_completions\` (\`certificate_id\`, \`lesson_id\`);`);

    this.addSql(`alter table \`courses\` add column \`certified\` integer not null default false;`);
    this.addSql(`alter table \`courses\` add column \`validity_months\` integer null;`);
    this.addSql(`alter table \`courses\` add column \`recertify_days_before\` integer null;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128104442_revision_approval extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`document_control_settings\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`approval_required\` integer not null default false, constraint \`document_control_settings_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`document_control_settings_organization_id_index\` on \`document_control_settings\` (\`organization_id\`);`);
    this.addSql(`create unique index \`document_control_settings_org_unique\` on \`document_control_settings\` (\`organization_id\`);`);

    this.addSql(`alter table \`course_revisions\` add column \`submitted_by_id\` integer null constraint \`course_revisions_submitted_by_id_foreign\` references \`users\` (\`id\`) on update cascade on delete set null;`);
    this.addSql(`alter table \`course_revisions\` add column \`submitted_at\` datetime null;`);
    this.addSql(`alter table \`course_revisions\` add column \`approved_by_id\` integer null constraint \`course_revisions_approved_by_id_foreign\` references \`users\` (\`id\`) on update cascade on delete set null;`);
    this.addSql(`alter table \`course_revisions\` add column \`approved_name\` text null;`);
    this.addSql(`alter table \`course_revisions\` add column \`approved_at\` datetime null;`);
    this.addSql(`alter table \`course_revisions\` add column \`approved_address\` text null;`);
    this.addSql(`alter table \`course_revisions\` add column \`approved_device\` text null;`);
    this.addSql(`alter table \`course_revisions\` add column \`approved_hash\` text null;`);
    this.addSql(`alter table \`course_revisions\` add column \`review_comment\` text null;`);
    this.addSql(`alter table \`course_revisions\` add column \`reviewed_by_name\` text null;`);
    this.addSql(`create index \`course_revisions_submitted_by_id_index\` on \`course_revisions\` (\`submitted_by_id\`);`);
    this.addSql(`create index \`course_revisions_approved_by_id_index\` on \`course_revisions\` (\`approved_by_id\`);`);
  }

}

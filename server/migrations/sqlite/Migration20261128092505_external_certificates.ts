import { Migration } from '@mikro-orm/migrations';

export class Migration20261128092505_external_certificates extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`certificate_scans\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`key\` text not null, \`content_type\` text not null, \`bytes\` blob not null, \`size\` integer not null, \`uploaded_by_id\` integer null, \`created_at\` datetime not null, constraint \`certificate_scans_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`certificate_scans_uploaded_by_id_foreign\` foreign key(\`uploaded_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create unique index \`certificate_scans_key_unique\` on \`certificate_scans\` (\`key\`);`);
    this.addSql(`create index \`certificate_scans_org_idx\` on \`certificate_scans\` (\`organization_id\`, \`created_at\`);`);

    this.addSql(`create table \`external_certificates\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer null, \`holder_name\` text not null, \`title\` text not null, \`issuer\` text not null, \`number\` text not null, \`issued_on\` text not null, \`expires_on\` text null, \`course_id\` integer null, \`scan_id\` integer not null, \`status\` text not null, \`submitted_by_id\` integer null, \`reviewed_by_id\` integer null, \`reviewed_at\` datetime null, \`review_note\` text null, \`certificate_id\` integer null, \`created_at\` datetime not null, constraint \`external_certificates_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`external_certificates_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`external_certificates_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete set null on update cascade, constraint \`external_certificates_scan_id_foreign\` foreign key(\`scan_id\`) references \`certificate_scans\`(\`id\`) on delete cascade on update cascade, constraint \`external_certificates_submitted_by_id_foreign\` foreign key(\`submitted_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`external_certificates_reviewed_by_id_foreign\` foreign key(\`reviewed_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`external_certificates_certificate_id_foreign\` foreign key(\`certificate_id\`) references \`certificates\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`external_certificates_org_status_idx\` on \`external_certificates\` (\`organization_id\`, \`status\`);`);
    this.addSql(`create index \`external_certificates_org_user_idx\` on \`external_certificates\` (\`organization_id\`, \`user_id\`);`);
    this.addSql(`create unique index \`external_certificates_scan_unique\` on \`external_certificates\` (\`scan_id\`);`);
    this.addSql(`create unique index \`external_certificates_certificate_unique\` on \`external_certificates\` (\`certificate_id\`);`);
  }

}

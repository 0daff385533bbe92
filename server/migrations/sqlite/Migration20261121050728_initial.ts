import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050728_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`organizations\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`slug\` text not null, \`created_at\` datetime not null);`);
    this.addSql(`create unique index \`organizations_slug_unique\` on \`organizations\` (\`slug\`);`);

    this.addSql(`create table \`rate_limit_buckets\` (\`bucket_key\` text not null, \`window_number\` integer not null, \`hits\` integer not null, primary key (\`bucket_key\`));`);

    this.addSql(`create table \`users\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`email\` text not null, \`email_key\` text not null, \`password_hash\` text not null, \`current_org_id\` integer null, \`created_at\` datetime not null, constraint \`users_current_org_id_foreign\` foreign key(\`current_org_id\`) references \`organizations\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create unique index \`users_email_key_unique\` on \`users\` (\`email_key\`);`);
    this.addSql(`create index \`users_current_org_id_index\` on \`users\` (\`current_org_id\`);`);

    this.addSql(`create table \`sessions\` (\`token_hash\` text not null, \`user_id\` integer not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`renewed_at\` datetime not null, constraint \`sessions_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`token_hash\`));`);
    this.addSql(`create index \`sessions_user_idx\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create index \`sessions_expires_idx\` on \`sessions\` (\`expires_at\`);`);

    this.addSql(`create table \`memberships\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer not null, \`role\` text not null, \`created_at\` datetime not null, constraint \`memberships_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`memberships_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`memberships_organization_id_index\` on \`memberships\` (\`organization_id\`);`);
    this.addSql(`create index \`memberships_user_idx\` on \`memberships\` (\`user_id\`);`);
    this.addSql(`create unique index \`memberships_org_user_unique\` on \`memberships\` (\`organization_id\`, \`user_id\`);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031501_mail extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`mail_batches\` (\`kind\` text not null, \`period\` text not null, \`ran_at\` datetime not null, primary key (\`kind\`, \`period\`));`);

    this.addSql(`create table \`outbox_mails\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer null, \`kind\` text not null, \`recipient\` text not null, \`subject\` text not null, \`text\` text not null, \`html\` text not null, \`created_at\` datetime not null, \`attempts\` integer not null default 0, \`next_attempt_at\` datetime not null, \`claim_token\` text null, \`claimed_until\` datetime null, \`sent_at\` datetime null, \`failed_at\` datetime null, \`last_error\` text null, constraint \`outbox_mails_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`outbox_mails_organization_id_index\` on \`outbox_mails\` (\`organization_id\`);`);
    this.addSql(`create index \`outbox_mails_due_idx\` on \`outbox_mails\` (\`sent_at\`, \`failed_at\`, \`next_attempt_at\`);`);
    this.addSql(`create index \`outbox_mails_org_failed_idx\` on \`outbox_mails\` (\`organization_id\`, \`failed_at\`);`);

    this.addSql(`create table \`server_secrets\` (\`name\` text not null, \`value\` text not null, primary key (\`name\`));`);

    this.addSql(`create table \`password_resets\` (\`token_hash\` text not null, \`user_id\` integer not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`used_at\` datetime null, constraint \`password_resets_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`token_hash\`));`);
    this.addSql(`create index \`password_resets_user_idx\` on \`password_resets\` (\`user_id\`);`);
    this.addSql(`create index \`password_resets_expires_idx\` on \`password_resets\` (\`expires_at\`);`);

    this.addSql(`create table \`reminder_opt_outs\` (\`membership_id\` integer not null, \`organization_id\` integer not null, \`created_at\` datetime not null, constraint \`reminder_opt_outs_membership_id_foreign\` foreign key(\`membership_id\`) references \`memberships\`(\`id\`) on delete cascade on update cascade, constraint \`reminder_opt_outs_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, primary key (\`membership_id\`));`);
    this.addSql(`create index \`reminder_opt_outs_org_idx\` on \`reminder_opt_outs\` (\`organization_id\`);`);
  }

}

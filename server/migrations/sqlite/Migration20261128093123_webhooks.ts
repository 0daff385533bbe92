import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093123_webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`webhooks\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`created_by_id\` integer not null, \`url\` text not null, \`events\` text not null, \`sealed_secret\` text not null, \`created_at\` datetime not null, \`disabled_at\` datetime null, constraint \`webhooks_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`webhooks_created_by_id_foreign\` foreign key(\`created_by_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`webhooks_created_by_idx\` on \`webhooks\` (\`created_by_id\`);`);
    this.addSql(`create index \`webhooks_org_created_idx\` on \`webhooks\` (\`organization_id\`, \`created_at\`);`);

    this.addSql(`alter table \`outbox_mails\` add column \`webhook_id\` integer null constraint \`outbox_mails_webhook_id_foreign\` references \`webhooks\` (\`id\`) on update cascade on delete cascade;`);
    this.addSql(`alter table \`outbox_mails\` add column \`message_id\` text null;`);
    this.addSql(`alter table \`outbox_mails\` add column \`attempted_at\` datetime null;`);
    this.addSql(`alter table \`outbox_mails\` add column \`response_status\` integer null;`);
    this.addSql(`alter table \`outbox_mails\` add column \`response_ms\` integer null;`);
    this.addSql(`create index \`outbox_mails_webhook_idx\` on \`outbox_mails\` (\`webhook_id\`, \`id\`);`);
  }

}

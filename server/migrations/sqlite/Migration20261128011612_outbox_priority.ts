import { Migration } from '@mikro-orm/migrations';

export class Migration20261128011612_outbox_priority extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`outbox_mails\` add column \`priority\` integer not null default 1;`);
    // Password resets already waiting go first too.
    this.addSql(`update \`outbox_mails\` set \`priority\` = 0 where \`kind\` = 'password_reset';`);
  }

}

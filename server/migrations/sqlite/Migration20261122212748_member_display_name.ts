import { Migration } from '@mikro-orm/migrations';

export class Migration20261122212748_member_display_name extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`memberships\` add column \`display_name\` text null;`);
  }

}

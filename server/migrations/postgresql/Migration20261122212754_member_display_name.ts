import { Migration } from '@mikro-orm/migrations';

export class Migration20261122212754_member_display_name extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "memberships" add column "display_name" varchar(100) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "memberships" drop column "display_name";`);
  }

}

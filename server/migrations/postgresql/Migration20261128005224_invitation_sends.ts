import { Migration } from '@mikro-orm/migrations';

export class Migration20261128005224_invitation_sends extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "invitation_sends" ("id" serial primary key, "organization_id" int not null, "sent_by_id" int not null, "sent_at" timestamptz not null, "count" int not null);`);
    this.addSql(`create index "invitation_sends_org_sent_idx" on "invitation_sends" ("organization_id", "sent_at");`);
    this.addSql(`create index "invitation_sends_user_sent_idx" on "invitation_sends" ("sent_by_id", "sent_at");`);

    this.addSql(`alter table "invitation_sends" add constraint "invitation_sends_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "invitation_sends" add constraint "invitation_sends_sent_by_id_foreign" foreign key ("sent_by_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "invitation_sends" cascade;`);
  }

}

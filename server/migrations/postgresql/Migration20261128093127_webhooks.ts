import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093127_webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhooks" ("id" serial primary key, "organization_id" int not null, "created_by_id" int not null, "url" varchar(254) not null, "events" varchar(400) not null, "sealed_secret" text not null, "created_at" timestamptz not null, "disabled_at" timestamptz null);`);
    this.addSql(`create index "webhooks_created_by_idx" on "webhooks" ("created_by_id");`);
    this.addSql(`create index "webhooks_org_created_idx" on "webhooks" ("organization_id", "created_at");`);

    this.addSql(`alter table "webhooks" add constraint "webhooks_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhooks" add constraint "webhooks_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "outbox_mails" add column "webhook_id" int null, add column "message_id" varchar(40) null, add column "attempted_at" timestamptz null, add column "response_status" smallint null, add column "response_ms" int null;`);
    this.addSql(`alter table "outbox_mails" add constraint "outbox_mails_webhook_id_foreign" foreign key ("webhook_id") references "webhooks" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "outbox_mails_webhook_idx" on "outbox_mails" ("webhook_id", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "outbox_mails" drop constraint "outbox_mails_webhook_id_foreign";`);

    this.addSql(`drop table if exists "webhooks" cascade;`);

    this.addSql(`drop index "outbox_mails_webhook_idx";`);
    this.addSql(`alter table "outbox_mails" drop column "webhook_id", drop column "message_id", drop column "attempted_at", drop column "response_status", drop column "response_ms";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123031507_mail extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "mail_batches" ("kind" varchar(30) not null, "period" varchar(20) not null, "ran_at" timestamptz not null, constraint "mail_batches_pkey" primary key ("kind", "period"));`);

    this.addSql(`create table "outbox_mails" ("id" serial primary key, "organization_id" int null, "kind" varchar(20) not null, "recipient" varchar(254) not null, "subject" varchar(300) not null, "text" text not null, "html" text not null, "created_at" timestamptz not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "claim_token" varchar(64) null, "claimed_until" timestamptz null, "sent_at" timestamptz null, "failed_at" timestamptz null, "last_error" varchar(500) null);`);
    this.addSql(`create index "outbox_mails_due_idx" on "outbox_mails" ("sent_at", "failed_at", "next_attempt_at");`);
    this.addSql(`create index "outbox_mails_org_failed_idx" on "outbox_mails" ("organization_id", "failed_at");`);

    this.addSql(`create table "server_secrets" ("name" varchar(50) not null, "value" varchar(128) not null, constraint "server_secrets_pkey" primary key ("name"));`);

    this.addSql(`create table "password_resets" ("token_hash" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "password_resets_pkey" primary key ("token_hash"));`);
    this.addSql(`create index "password_resets_user_idx" on "password_resets" ("user_id");`);
    this.addSql(`create index "password_resets_expires_idx" on "password_resets" ("expires_at");`);

    this.addSql(`create table "reminder_opt_outs" ("membership_id" int not null, "organization_id" int not null, "created_at" timestamptz not null, constraint "reminder_opt_outs_pkey" primary key ("membership_id"));`);
    this.addSql(`create index "reminder_opt_outs_org_idx" on "reminder_opt_outs" ("organization_id");`);

    this.addSql(`alter table "outbox_mails" add constraint "outbox_mails_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "reminder_opt_outs" add constraint "reminder_opt_outs_membership_id_foreign" foreign key ("membership_id") references "memberships" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "reminder_opt_outs" add constraint "reminder_opt_outs_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_batches" cascade;`);

    this.addSql(`drop table if exists "outbox_mails" cascade;`);

    this.addSql(`drop table if exists "server_secrets" cascade;`);

    this.addSql(`drop table if exists "password_resets" cascade;`);

    this.addSql(`drop table if exists "reminder_opt_outs" cascade;`);
  }

}

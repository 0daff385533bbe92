import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050729_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "organizations" ("id" serial primary key, "name" varchar(100) not null, "slug" varchar(50) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "organizations" add constraint "organizations_slug_unique" unique ("slug");`);

    this.addSql(`create table "rate_limit_buckets" ("bucket_key" varchar(300) not null, "window_number" int not null, "hits" int not null, constraint "rate_limit_buckets_pkey" primary key ("bucket_key"));`);

    this.addSql(`create table "users" ("id" serial primary key, "name" varchar(100) not null, "email" varchar(254) not null, "email_key" varchar(254) not null, "password_hash" varchar(255) not null, "current_org_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "users" add constraint "users_email_key_unique" unique ("email_key");`);

    this.addSql(`create table "sessions" ("token_hash" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "renewed_at" timestamptz not null, constraint "sessions_pkey" primary key ("token_hash"));`);
    this.addSql(`create index "sessions_user_idx" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_idx" on "sessions" ("expires_at");`);

    this.addSql(`create table "memberships" ("id" serial primary key, "organization_id" int not null, "user_id" int not null, "role" varchar(20) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "memberships_user_idx" on "memberships" ("user_id");`);
    this.addSql(`alter table "memberships" add constraint "memberships_org_user_unique" unique ("organization_id", "user_id");`);

    this.addSql(`alter table "users" add constraint "users_current_org_id_foreign" foreign key ("current_org_id") references "organizations" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "memberships" add constraint "memberships_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "memberships" add constraint "memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_current_org_id_foreign";`);

    this.addSql(`alter table "memberships" drop constraint "memberships_organization_id_foreign";`);

    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`alter table "memberships" drop constraint "memberships_user_id_foreign";`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "rate_limit_buckets" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`drop table if exists "memberships" cascade;`);
  }

}

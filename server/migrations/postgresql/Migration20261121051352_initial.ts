import { Migration } from '@mikro-orm/migrations';

export class Migration20261121051352_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "organizations" ("id" serial primary key, "name" varchar(100) not null, "slug" varchar(50) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "organizations" add constraint "organizations_slug_unique" unique ("slug");`);

    this.addSql(`create table "courses" ("id" serial primary key, "organization_id" int not null, "title" varchar(255) not null, "description" text null, "status" varchar(20) not null default 'draft', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "courses_org_status_idx" on "courses" ("organization_id", "status");`);

    this.addSql(`create table "modules" ("id" serial primary key, "organization_id" int not null, "course_id" int not null, "title" varchar(255) not null, "description" text null, "order_index" int not null);`);
    this.addSql(`create index "modules_org_course_order_idx" on "modules" ("organization_id", "course_id", "order_index");`);

    this.addSql(`create table "lessons" ("id" serial primary key, "organization_id" int not null, "module_id" int not null, "title" varchar(255) not null, "content" text null, "video_url" varchar(2048) null, "order_index" int not null);`);
    this.addSql(`create index "lessons_org_module_order_idx" on "lessons" ("organization_id", "module_id", "order_index");`);

    this.addSql(`create table "rate_limit_buckets" ("bucket_key" varchar(300) not null, "window_number" int not null, "hits" int not null, constraint "rate_limit_buckets_pkey" primary key ("bucket_key"));`);

    this.addSql(`create table "tags" ("id" serial primary key, "organization_id" int not null, "name" varchar(100) not null, "type" varchar(20) not null, "parent_id" int null, "color" varchar(7) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "tags_org_parent_idx" on "tags" ("organization_id", "parent_id");`);

    this.addSql(`create table "course_tags" ("id" serial primary key, "organization_id" int not null, "course_id" int not null, "tag_id" int not null);`);
    this.addSql(`create index "course_tags_tag_idx" on "course_tags" ("tag_id");`);
    this.addSql(`alter table "course_tags" add constraint "course_tags_unique" unique ("organization_id", "course_id", "tag_id");`);

    this.addSql(`create table "users" ("id" serial primary key, "name" varchar(100) not null, "email" varchar(254) not null, "email_key" varchar(254) not null, "password_hash" varchar(255) not null, "current_org_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "users" add constraint "users_email_key_unique" unique ("email_key");`);

    this.addSql(`create table "sessions" ("token_hash" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "renewed_at" timestamptz not null, constraint "sessions_pkey" primary key ("token_hash"));`);
    this.addSql(`create index "sessions_user_idx" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_idx" on "sessions" ("expires_at");`);

    this.addSql(`create table "memberships" ("id" serial primary key, "organization_id" int not null, "user_id" int not null, "role" varchar(20) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "memberships_user_idx" on "memberships" ("user_id");`);
    this.addSql(`alter table "memberships" add constraint "memberships_org_user_unique" unique ("organization_id", "user_id");`);

    this.addSql(`create table "member_tags" ("id" serial primary key, "organization_id" int not null, "membership_id" int not null, "tag_id" int not null);`);
    this.addSql(`create index "member_tags_tag_idx" on "member_tags" ("tag_id");`);
    this.addSql(`alter table "member_tags" add constraint "member_tags_unique" unique ("organization_id", "membership_id", "tag_id");`);

    this.addSql(`create table "invitations" ("id" serial primary key, "organization_id" int not null, "name" varchar(100) not null, "email" varchar(254) not null, "email_key" varchar(254) not null, "role" varchar(20) not null, "tag_ids" jsonb not null, "secret_hash" varchar(64) not null, "invited_by_id" int null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null);`);
    this.addSql(`alter table "invitations" add constraint "invitations_secret_hash_unique" unique ("secret_hash");`);
    this.addSql(`create index "invitations_org_email_idx" on "invitations" ("organization_id", "email_key");`);

    this.addSql(`create table "completions" ("id" serial primary key, "organization_id" int not null, "user_id" int not null, "lesson_id" int not null, "completed_at" timestamptz not null);`);
    this.addSql(`create index "completions_user_idx" on "completions" ("user_id");`);
    this.addSql(`create index "completions_lesson_idx" on "completions" ("lesson_id");`);
    this.addSql(`alter table "completions" add constraint "completions_org_user_lesson_unique" unique ("organization_id", "user_id", "lesson_id");`);

    this.addSql(`alter table "courses" add constraint "courses_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "modules" add constraint "modules_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "modules" add constraint "modules_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "lessons" add constraint "lessons_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "lessons" add constraint "lessons_module_id_foreign" foreign key ("module_id") references "modules" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tags" add constraint "tags_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tags" add constraint "tags_parent_id_foreign" foreign key ("parent_id") references "tags" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "course_tags" add constraint "course_tags_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_tags" add constraint "course_tags_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "course_tags" add constraint "course_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" add constraint "users_current_org_id_foreign" foreign key ("current_org_id") references "organizations" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "memberships" add constraint "memberships_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "memberships" add constraint "memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "member_tags" add constraint "member_tags_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "member_tags" add constraint "member_tags_membership_id_foreign" foreign key ("membership_id") references "memberships" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "member_tags" add constraint "member_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "invitations" add constraint "invitations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "invitations" add constraint "invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "completions" add constraint "completions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "completions" add constraint "completions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "completions" add constraint "completions_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "courses" drop constraint "courses_organization_id_foreign";`);

    this.addSql(`alter table "modules" drop constraint "modules_organization_id_foreign";`);

    this.addSql(`alter table "lessons" drop constraint "lessons_organization_id_foreign";`);

    this.addSql(`alter table "tags" drop constraint "tags_organization_id_foreign";`);

    this.addSql(`alter table "course_tags" drop constraint "course_tags_organization_id_foreign";`);

    this.addSql(`alter table "users" drop constraint "users_current_org_id_foreign";`);

    this.addSql(`alter table "memberships" drop constraint "memberships_organization_id_foreign";`);

    this.addSql(`alter table "member_tags" drop constraint "member_tags_organization_id_foreign";`);

    this.addSql(`alter table "invitations" drop constraint "invitations_organization_id_foreign";`);

    this.addSql(`alter table "completions" drop constraint "completions_organization_id_foreign";`);

    this.addSql(`alter table "modules" drop constraint "modules_course_id_foreign";`);

    this.addSql(`alter table "course_tags" drop constraint "course_tags_course_id_foreign";`);

    this.addSql(`alter table "lessons" drop constraint "lessons_module_id_foreign";`);

    this.addSql(`alter table "completions" drop constraint "completions_lesson_id_foreign";`);

    this.addSql(`alter table "tags" drop constraint "tags_parent_id_foreign";`);

    this.addSql(`alter table "course_tags" drop constraint "course_tags_tag_id_foreign";`);

    this.addSql(`alter table "member_tags" drop constraint "member_tags_tag_id_foreign";`);

    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`alter table "memberships" drop constraint "memberships_user_id_foreign";`);

    this.addSql(`alter table "invitations" drop constraint "invitations_invited_by_id_foreign";`);

    this.addSql(`alter table "completions" drop constraint "completions_user_id_foreign";`);

    this.addSql(`alter table "member_tags" drop constraint "member_tags_membership_id_foreign";`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "courses" cascade;`);

    this.addSql(`drop table if exists "modules" cascade;`);

    this.addSql(`drop table if exists "lessons" cascade;`);

    this.addSql(`drop table if exists "rate_limit_buckets" cascade;`);

    this.addSql(`drop table if exists "tags" cascade;`);

    this.addSql(`drop table if exists "course_tags" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`drop table if exists "memberships" cascade;`);

    this.addSql(`drop table if exists "member_tags" cascade;`);

    this.addSql(`drop table if exists "invitations" cascade;`);

    this.addSql(`drop table if exists "completions" cascade;`);
  }

}

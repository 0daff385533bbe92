import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093215_sso extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sso_providers" ("id" serial primary key, "organization_id" int not null, "name" varchar(100) not null, "issuer" varchar(500) not null, "client_id" varchar(255) not null, "sealed_client_secret" text not null, "default_role" varchar(16) not null, "default_tag_ids" jsonb not null, "auto_link" boolean not null default false, "require_sso" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`create index "sso_providers_org_idx" on "sso_providers" ("organization_id");`);

    this.addSql(`create table "sso_domains" ("domain" varchar(253) not null, "organization_id" int not null, "provider_id" int not null, constraint "sso_domains_pkey" primary key ("domain"));`);
    this.addSql(`create index "sso_domains_org_idx" on "sso_domains" ("organization_id");`);
    this.addSql(`create index "sso_domains_provider_idx" on "sso_domains" ("provider_id");`);

    this.addSql(`create table "sso_identities" ("id" serial primary key, "organization_id" int not null, "provider_id" int not null, "subject" varchar(255) not null, "user_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "sso_identities_org_idx" on "sso_identities" ("organization_id");`);
    this.addSql(`create index "sso_identities_user_idx" on "sso_identities" ("user_id");`);
    this.addSql(`alter table "sso_identities" add constraint "sso_identities_provider_subject_unique" unique ("provider_id", "subject");`);

    this.addSql(`alter table "sso_providers" add constraint "sso_providers_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sso_domains" add constraint "sso_domains_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sso_domains" add constraint "sso_domains_provider_id_foreign" foreign key ("provider_id") references "sso_providers" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sso_identities" add constraint "sso_identities_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sso_identities" add constraint "sso_identities_provider_id_foreign" foreign key ("provider_id") references "sso_providers" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "sso_identities" add constraint "sso_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "sessions" add column "signed_in_with" varchar(100) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sso_domains" drop constraint "sso_domains_provider_id_foreign";`);

    this.addSql(`alter table "sso_identities" drop constraint "sso_identities_provider_id_foreign";`);

    this.addSql(`drop table if exists "sso_providers" cascade;`);

    this.addSql(`drop table if exists "sso_domains" cascade;`);

    this.addSql(`drop table if exists "sso_identities" cascade;`);

    this.addSql(`alter table "sessions" drop column "signed_in_with";`);
  }

}

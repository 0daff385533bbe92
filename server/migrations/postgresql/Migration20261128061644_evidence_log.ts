import { Migration } from '@mikro-orm/migrations';

export class Migration20261128061644_evidence_log extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "evidence_keys" ("organization_id" int not null, "public_key" text not null, "sealed_private_key" text not null, "created_at" timestamptz not null, constraint "evidence_keys_pkey" primary key ("organization_id"));`);

    this.addSql(`create table "evidence_entries" ("id" serial primary key, "organization_id" int not null, "kind" varchar(40) not null, "occurred_at" timestamptz not null, "actor_id" int null, "subject_user_id" int null, "course_id" int null, "lesson_id" int null, "facts" text not null);`);
    this.addSql(`create index "evidence_entries_org_idx" on "evidence_entries" ("organization_id");`);

    this.addSql(`create table "evidence_chain" ("id" serial primary key, "organization_id" int not null, "seq" int not null, "entry_id" int not null, "prev_hash" varchar(64) not null, "hash" varchar(64) not null, "sequenced_at" timestamptz not null);`);
    this.addSql(`alter table "evidence_chain" add constraint "evidence_chain_entry_unique" unique ("entry_id");`);
    this.addSql(`alter table "evidence_chain" add constraint "evidence_chain_org_seq_unique" unique ("organization_id", "seq");`);

    this.addSql(`create table "evidence_checkpoints" ("id" serial primary key, "organization_id" int not null, "seq" int not null, "hash" varchar(64) not null, "signed_at" timestamptz not null, "signature" varchar(100) not null);`);
    this.addSql(`create index "evidence_checkpoints_org_seq_idx" on "evidence_checkpoints" ("organization_id", "seq");`);

    this.addSql(`alter table "evidence_keys" add constraint "evidence_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "evidence_entries" add constraint "evidence_entries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "evidence_chain" add constraint "evidence_chain_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "evidence_chain" add constraint "evidence_chain_entry_id_foreign" foreign key ("entry_id") references "evidence_entries" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "evidence_checkpoints" add constraint "evidence_checkpoints_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "evidence_chain" drop constraint "evidence_chain_entry_id_foreign";`);

    this.addSql(`drop table if exists "evidence_keys" cascade;`);

    this.addSql(`drop table if exists "evidence_entries" cascade;`);

    this.addSql(`drop table if exists "evidence_chain" cascade;`);

    this.addSql(`drop table if exists "evidence_checkpoints" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Written by hand (docs/decisions/0180-search-index-shards.md): `search_documents` becomes a table
 * partitioned by the hash of the organization, 16 partitions, each with its own GIN index. A prefix
 * query (the last word of every search) makes the GIN index list every row holding a word with that
 * prefix before the organization narrows them; with one index a word in every lesson of 200,000 took
 * over 100 ms of that alone. Partitions narrow the list to the organization's partition first. The
 * rows are copied over with their ids; the id sequence is kept.
 */
const SHARDS = 16;

export class Migration20261123063000_search_index_shards extends Migration {

  override async up(): Promise<void> {
    // A partitioned table's unique keys must hold the partition key, so the id is unique with the
    // organization. That is a unique index, not a primary key: pg_restore --clean (npm run restore) fails
    // on PostgreSQL 15 dropping a partition's inherited primary key constraint.
    await this.execute(`create table "search_documents_sharded" ("id" int not null default nextval('search_documents_id_seq'), "kind" varchar(10) not null, "record_id" int not null, "organization_id" int not null, "course_id" int not null, "module_id" int null, "lesson_id" int null, "title" text not null, "body" text not null, "document" tsvector generated always as (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "body"), 'B')) stored) partition by hash ("organization_id");`);
    for (let shard = 0; shard < SHARDS; shard++) {
      await this.execute(`create table "search_documents_p${shard}" partition of "search_documents_sharded" for values with (modulus ${SHARDS}, remainder ${shard});`);
    }
    await this.execute(`insert into "search_documents_sharded" ("id", "kind", "record_id", "organization_id", "course_id", "module_id", "lesson_id", "title", "body") select "id", "kind", "record_id", "organization_id", "course_id", "module_id", "lesson_id", "title", "body" from "search_documents";`);
    await this.execute(`alter sequence "search_documents_id_seq" owned by none;`);
    await this.execute(`drop table "search_documents";`);
    await this.execute(`alter table "search_documents_sharded" rename to "search_documents";`);
    await this.execute(`alter sequence "search_documents_id_seq" owned by "search_documents"."id";`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_module_id_foreign" foreign key ("module_id") references "modules" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
    await this.execute(`create unique index "search_documents_id_unique" on "search_documents" ("organization_id", "id");`);
    await this.execute(`create unique index "search_documents_kind_record_unique" on "search_documents" ("kind", "record_id", "organization_id");`);
    await this.execute(`create index "search_documents_course_id_index" on "search_documents" ("course_id");`);
    await this.execute(`create index "search_documents_module_id_index" on "search_documents" ("module_id");`);
    await this.execute(`create index "search_documents_lesson_id_index" on "search_documents" ("lesson_id");`);
    await this.execute(`create index "search_documents_document_index" on "search_documents" using gin ("document");`);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Written by hand (docs/decisions/0412-search-stemming-per-language.md): translated courses and lessons get
 * their own search rows, `translation_search_documents`, whose generated `tsvector` is made with the text
 * search configuration of each row's language ('english', 'spanish'), under a GIN index. Not partitioned:
 * translations are few.
 */
const CONFIG = `case "language" when 'es' then 'spanish'::regconfig else 'english'::regconfig end`;

export class Migration20261128100000_translation_search extends Migration {

  override async up(): Promise<void> {
    await this.execute(`create table "translation_search_documents" ("id" serial primary key, "kind" varchar(10) not null, "record_id" int not null, "language" varchar(10) not null, "organization_id" int not null, "course_id" int not null, "lesson_id" int null, "title" text not null, "body" text not null, "document" tsvector generated always as (setweight(to_tsvector(${CONFIG}, "title"), 'A') || setweight(to_tsvector(${CONFIG}, "body"), 'B')) stored);`);
    await this.execute(`alter table "translation_search_documents" add constraint "translation_search_documents_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "translation_search_documents" add constraint "translation_search_documents_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "translation_search_documents" add constraint "translation_search_documents_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
    await this.execute(`create unique index "translation_search_documents_record_unique" on "translation_search_documents" ("kind", "record_id", "language");`);
    await this.execute(`create index "translation_search_documents_organization_index" on "translation_search_documents" ("organization_id");`);
    await this.execute(`create index "translation_search_documents_course_id_index" on "translation_search_documents" ("course_id");`);
    await this.execute(`create index "translation_search_documents_lesson_id_index" on "translation_search_documents" ("lesson_id");`);
    await this.execute(`create index "translation_search_documents_document_index" on "translation_search_documents" using gin ("document");`);
  }

  override async down(): Promise<void> {
    await this.execute(`drop table if exists "translation_search_documents" cascade;`);
  }

}

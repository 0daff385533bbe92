import { Migration } from '@mikro-orm/migrations';
import { rebuildSearchIndex } from '../../modules/search/search-index.js';

/**
 * Written by hand (docs/decisions/0060-full-text-search.md): the search index is no entity. Its rows,
 * with a generated tsvector (titles weight A, texts B, the 'english' configuration) under a GIN index;
 * then the rows for all content. Statements run in order through execute(), since the fill reads and
 * writes after them.
 */
export class Migration20261123003000_search_index extends Migration {

  override async up(): Promise<void> {
    await this.execute(`create table "search_documents" ("id" serial primary key, "kind" varchar(10) not null, "record_id" int not null, "organization_id" int not null, "course_id" int not null, "module_id" int null, "lesson_id" int null, "title" text not null, "body" text not null, "document" tsvector generated always as (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "body"), 'B')) stored);`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_course_id_foreign" foreign key ("course_id") references "courses" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_module_id_foreign" foreign key ("module_id") references "modules" ("id") on update cascade on delete cascade;`);
    await this.execute(`alter table "search_documents" add constraint "search_documents_lesson_id_foreign" foreign key ("lesson_id") references "lessons" ("id") on update cascade on delete cascade;`);
    await this.execute(`create unique index "search_documents_kind_record_unique" on "search_documents" ("kind", "record_id");`);
    await this.execute(`create index "search_documents_organization_id_index" on "search_documents" ("organization_id");`);
    await this.execute(`create index "search_documents_course_id_index" on "search_documents" ("course_id");`);
    await this.execute(`create index "search_documents_module_id_index" on "search_documents" ("module_id");`);
    await this.execute(`create index "search_documents_lesson_id_index" on "search_documents" ("lesson_id");`);
    await this.execute(`create index "search_documents_document_index" on "search_documents" using gin ("document");`);
    await rebuildSearchIndex(this);
  }

}

import { Migration } from '@mikro-orm/migrations';
import { rebuildSearchIndex } from '../../modules/search/search-index.js';

/**
 * Written by hand (docs/decisions/0060-full-text-search.md): the search index is no entity. Its rows,
 * an FTS5 table over them (porter stemming, prefix indexes for 2 and 3 characters) and the triggers that
 * keep the two in step, including when a foreign key cascades a delete; then the rows for all content.
 * Statements run in order through execute(), since the fill reads and writes after them.
 */
export class Migration20261123003000_search_index extends Migration {

  override async up(): Promise<void> {
    await this.execute(`create table \`search_documents\` (\`id\` integer not null primary key autoincrement, \`kind\` text not null, \`record_id\` integer not null, \`organization_id\` integer not null, \`course_id\` integer not null, \`module_id\` integer null, \`lesson_id\` integer null, \`title\` text not null, \`body\` text not null, \`tenant\` text generated always as ('org' || \`organization_id\`) virtual, constraint \`search_documents_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`search_documents_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade, constraint \`search_documents_module_id_foreign\` foreign key(\`module_id\`) references \`modules\`(\`id\`) on delete cascade on update cascade, constraint \`search_documents_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade);`);
    await this.execute(`create unique index \`search_documents_kind_record_unique\` on \`search_documents\` (\`kind\`, \`record_id\`);`);
    await this.execute(`create index \`search_documents_organization_id_index\` on \`search_documents\` (\`organization_id\`);`);
    await this.execute(`create index \`search_documents_course_id_index\` on \`search_documents\` (\`course_id\`);`);
    await this.execute(`create index \`search_documents_module_id_index\` on \`search_documents\` (\`module_id\`);`);
    await this.execute(`create index \`search_documents_lesson_id_index\` on \`search_documents\` (\`lesson_id\`);`);
    await this.execute(`create virtual table \`search_documents_fts\` using fts5(\`title\`, \`body\`, \`tenant\`, content='search_documents', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3');`);
    await this.execute(`create trigger \`search_documents_after_insert\` after insert on \`search_documents\` begin insert into \`search_documents_fts\` (rowid, \`title\`, \`body\`, \`tenant\`) values (new.\`id\`, new.\`title\`, new.\`body\`, new.\`tenant\`); end;`);
    await this.execute(`create trigger \`search_documents_after_delete\` after delete on \`search_documents\` begin insert into \`search_documents_fts\` (\`search_documents_fts\`, rowid, \`title\`, \`body\`, \`tenant\`) values ('delete', old.\`id\`, old.\`title\`, old.\`body\`, old.\`tenant\`); end;`);
    await this.execute(`create trigger \`search_documents_after_update\` after update on \`search_documents\` begin insert into \`search_documents_fts\` (\`search_documents_fts\`, rowid, \`title\`, \`body\`, \`tenant\`) values ('delete', old.\`id\`, old.\`title\`, old.\`body\`, old.\`tenant\`); insert into \`search_documents_fts\` (rowid, \`title\`, \`body\`, \`tenant\`) values (new.\`id\`, new.\`title\`, new.\`body\`, new.\`tenant\`); end;`);
    await rebuildSearchIndex(this);
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Written by hand (docs/decisions/0412-search-stemming-per-language.md): translated courses and lessons get
 * their own search rows, `translation_search_documents`, and one FTS5 table per content language, each
 * with the tokenizer suited to it: English with the porter stemmer, Spanish with unicode61 folding accents
 * (FTS5 has no Spanish stemmer; server/modules/search/search-dialect.ts matches its words by prefix).
 * Triggers keep each language's table in step with its rows. Not sharded: translations are few.
 */
const LANGUAGES: Record<string, string> = {
  en: 'porter unicode61 remove_diacritics 2',
  es: 'unicode61 remove_diacritics 2',
};

export class Migration20261128100000_translation_search extends Migration {

  override async up(): Promise<void> {
    await this.execute(`create table \`translation_search_documents\` (\`id\` integer not null primary key autoincrement, \`kind\` text not null, \`record_id\` integer not null, \`language\` text not null, \`organization_id\` integer not null, \`course_id\` integer not null, \`lesson_id\` integer null, \`title\` text not null, \`body\` text not null, constraint \`translation_search_documents_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`translation_search_documents_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade, constraint \`translation_search_documents_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade);`);
    await this.execute(`create unique index \`translation_search_documents_record_unique\` on \`translation_search_documents\` (\`kind\`, \`record_id\`, \`language\`);`);
    await this.execute(`create index \`translation_search_documents_organization_index\` on \`translation_search_documents\` (\`organization_id\`);`);
    await this.execute(`create index \`translation_search_documents_course_id_index\` on \`translation_search_documents\` (\`course_id\`);`);
    await this.execute(`create index \`translation_search_documents_lesson_id_index\` on \`translation_search_documents\` (\`lesson_id\`);`);
    for (const [language, tokenizer] of Object.entries(LANGUAGES)) {
      const table = `translation_search_fts_${language}`;
      await this.execute(`create virtual table \`${table}\` using fts5(\`title\`, \`body\`, content='translation_search_documents', content_rowid='id', tokenize='${tokenizer}', prefix='2 3');`);
      const add = (row: string) => `insert into \`${table}\` (rowid, \`title\`, \`body\`) select ${row}.\`id\`, ${row}.\`title\`, ${row}.\`body\` where ${row}.\`language\` = '${language}';`;
      const remove = (row: string) => `insert into \`${table}\` (\`${table}\`, rowid, \`title\`, \`body\`) select 'delete', ${row}.\`id\`, ${row}.\`title\`, ${row}.\`body\` where ${row}.\`language\` = '${language}';`;
      await this.execute(`create trigger \`${table}_after_insert\` after insert on \`translation_search_documents\` begin ${add('new')} end;`);
      await this.execute(`create trigger \`${table}_after_delete\` after delete on \`translation_search_documents\` begin ${remove('old')} end;`);
      await this.execute(`create trigger \`${table}_after_update\` after update on \`translation_search_documents\` begin ${remove('old')} ${add('new')} end;`);
    }
  }

}

import { Migration } from '@mikro-orm/migrations';

/**
 * Written by hand (docs/decisions/0180-search-index-shards.md): the one FTS5 table becomes 16, each
 * holding the organizations whose id leaves that remainder divided by 16. A prefix query (the last word
 * of every search) reads the whole list of rows of every term it expands to, in every organization
 * of its table; with one table a word found in every lesson of 200,000 took 40 ms of that alone.
 * Each shard keeps the `tenant` token, the same tokenizer and prefix indexes as before; the rows of
 * `search_documents` stay as they are and are copied into their shard. The number 16 is fixed here:
 * server/search-dialect.ts (`SEARCH_SHARDS`) must say the same.
 */
const SHARDS = 16;

const shardsOf = (statement: (table: string, shard: number) => string) =>
  Array.from({ length: SHARDS }, (_, shard) => statement(`search_documents_fts_${shard}`, shard));

export class Migration20261123063000_search_index_shards extends Migration {

  override async up(): Promise<void> {
    await this.execute(`drop trigger \`search_documents_after_insert\`;`);
    await this.execute(`drop trigger \`search_documents_after_delete\`;`);
    await this.execute(`drop trigger \`search_documents_after_update\`;`);
    await this.execute(`drop table \`search_documents_fts\`;`);
    for (const create of shardsOf((table) => `create virtual table \`${table}\` using fts5(\`title\`, \`body\`, \`tenant\`, content='search_documents', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3');`)) {
      await this.execute(create);
    }
    const add = (row: string) => shardsOf((table, shard) => `insert into \`${table}\` (rowid, \`title\`, \`body\`, \`tenant\`) select ${row}.\`id\`, ${row}.\`title\`, ${row}.\`body\`, ${row}.\`tenant\` where ${row}.\`organization_id\` % ${SHARDS} = ${shard};`).join(' ');
    const remove = (row: string) => shardsOf((table, shard) => `insert into \`${table}\` (\`${table}\`, rowid, \`title\`, \`body\`, \`tenant\`) select 'delete', ${row}.\`id\`, ${row}.\`title\`, ${row}.\`body\`, ${row}.\`tenant\` where ${row}.\`organization_id\` % ${SHARDS} = ${shard};`).join(' ');
    await this.execute(`create trigger \`search_documents_after_insert\` after insert on \`search_documents\` begin ${add('new')} end;`);
    await this.execute(`create trigger \`search_documents_after_delete\` after delete on \`search_documents\` begin ${remove('old')} end;`);
    await this.execute(`create trigger \`search_documents_after_update\` after update on \`search_documents\` begin ${remove('old')} ${add('new')} end;`);
    for (const fill of shardsOf((table, shard) => `insert into \`${table}\` (rowid, \`title\`, \`body\`, \`tenant\`) select \`id\`, \`title\`, \`body\`, \`tenant\` from \`search_documents\` where \`organization_id\` % ${SHARDS} = ${shard};`)) {
      await this.execute(fill);
    }
  }

}

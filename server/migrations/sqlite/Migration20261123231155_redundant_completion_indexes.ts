import { Migration } from '@mikro-orm/migrations';

export class Migration20261123231155_redundant_completion_indexes extends Migration {

  override async up(): Promise<void> {
    // Foreign-key indexes SQLite added that the unique keys and the member index already lead with (decision 0240).
    this.addSql(`drop index \`course_progress_course_id_index\`;`);
    this.addSql(`drop index \`course_progress_organization_id_index\`;`);

    this.addSql(`drop index \`completions_organization_id_index\`;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123002655_edit_versions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`courses\` add column \`version\` integer not null default 1;`);

    this.addSql(`alter table \`modules\` add column \`version\` integer not null default 1;`);

    this.addSql(`alter table \`lessons\` add column \`version\` integer not null default 1;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093141_languages extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table \`organizations\` add column \`default_language\` text not null default 'en';`);

    this.addSql(`alter table \`users\` add column \`language\` text null;`);
  }

}

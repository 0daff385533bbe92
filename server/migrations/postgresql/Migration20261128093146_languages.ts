import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093146_languages extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "organizations" add column "default_language" varchar(8) not null default 'en';`);

    this.addSql(`alter table "users" add column "language" varchar(8) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organizations" drop column "default_language";`);

    this.addSql(`alter table "users" drop column "language";`);
  }

}

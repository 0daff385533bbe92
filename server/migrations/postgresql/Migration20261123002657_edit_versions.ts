import { Migration } from '@mikro-orm/migrations';

export class Migration20261123002657_edit_versions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "courses" add column "version" int not null default 1;`);

    this.addSql(`alter table "modules" add column "version" int not null default 1;`);

    this.addSql(`alter table "lessons" add column "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "courses" drop column "version";`);

    this.addSql(`alter table "lessons" drop column "version";`);

    this.addSql(`alter table "modules" drop column "version";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128003828_image_sizes extends Migration {

  override async up(): Promise<void> {
    // Every stored image's size, so an organization's storage is a sum of this column (decision 0276).
    this.addSql(`alter table "course_images" add column "size" int not null default 0;`);
    this.addSql(`update "course_images" set "size" = octet_length("bytes");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "course_images" drop column "size";`);
  }

}

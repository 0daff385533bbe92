import { Migration } from '@mikro-orm/migrations';

export class Migration20261122215339_known_devices extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`known_devices\` (\`device_hash\` text not null, \`user_id\` integer not null, \`last_sign_in_at\` datetime not null, constraint \`known_devices_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`device_hash\`, \`user_id\`));`);
    this.addSql(`create index \`known_devices_user_id_index\` on \`known_devices\` (\`user_id\`);`);
    this.addSql(`create index \`known_devices_last_sign_in_idx\` on \`known_devices\` (\`last_sign_in_at\`);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261122213426_session_device extends Migration {

  override async up(): Promise<void> {
    // SQLite cannot add a NOT NULL column without a default, so the table is rebuilt (nothing refers to
    // it). Sessions from before were last seen, as far as anyone knows, when last renewed.
    this.addSql(`create table \`sessions__temp_alter\` (\`token_hash\` text not null, \`user_id\` integer not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`renewed_at\` datetime not null, \`last_seen_at\` datetime not null, \`user_agent\` text null, constraint \`sessions_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`token_hash\`));`);
    this.addSql(`insert into \`sessions__temp_alter\` select \`token_hash\`, \`user_id\`, \`created_at\`, \`expires_at\`, \`renewed_at\`, \`renewed_at\`, null from \`sessions\`;`);
    this.addSql(`drop table \`sessions\`;`);
    this.addSql(`alter table \`sessions__temp_alter\` rename to \`sessions\`;`);
    this.addSql(`create index \`sessions_user_idx\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create index \`sessions_expires_idx\` on \`sessions\` (\`expires_at\`);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128005221_invitation_sends extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`invitation_sends\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`sent_by_id\` integer not null, \`sent_at\` datetime not null, \`count\` integer not null, constraint \`invitation_sends_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`invitation_sends_sent_by_id_foreign\` foreign key(\`sent_by_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`invitation_sends_org_sent_idx\` on \`invitation_sends\` (\`organization_id\`, \`sent_at\`);`);
    this.addSql(`create index \`invitation_sends_user_sent_idx\` on \`invitation_sends\` (\`sent_by_id\`, \`sent_at\`);`);
  }

}

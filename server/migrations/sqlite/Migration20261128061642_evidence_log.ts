import { Migration } from '@mikro-orm/migrations';

export class Migration20261128061642_evidence_log extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`evidence_keys\` (\`organization_id\` integer not null, \`public_key\` text not null, \`sealed_private_key\` text not null, \`created_at\` datetime not null, constraint \`evidence_keys_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, primary key (\`organization_id\`));`);
    this.addSql(`create index \`evidence_keys_organization_id_index\` on \`evidence_keys\` (\`organization_id\`);`);

    this.addSql(`create table \`evidence_entries\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`kind\` text not null, \`occurred_at\` datetime not null, \`actor_id\` integer null, \`subject_user_id\` integer null, \`course_id\` integer null, \`lesson_id\` integer null, \`facts\` text not null, constraint \`evidence_entries_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`evidence_entries_org_idx\` on \`evidence_entries\` (\`organization_id\`);`);

    this.addSql(`create table \`evidence_chain\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`seq\` integer not null, \`entry_id\` integer not null, \`prev_hash\` text not null, \`hash\` text not null, \`sequenced_at\` datetime not null, constraint \`evidence_chain_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`evidence_chain_entry_id_foreign\` foreign key(\`entry_id\`) references \`evidence_entries\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`evidence_chain_entry_id_index\` on \`evidence_chain\` (\`entry_id\`);`);
    this.addSql(`create unique index \`evidence_chain_entry_unique\` on \`evidence_chain\` (\`entry_id\`);`);
    this.addSql(`create unique index \`evidence_chain_org_seq_unique\` on \`evidence_chain\` (\`organization_id\`, \`seq\`);`);

    this.addSql(`create table \`evidence_checkpoints\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`seq\` integer not null, \`hash\` text not null, \`signed_at\` datetime not null, \`signature\` text not null, constraint \`evidence_checkpoints_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`evidence_checkpoints_org_seq_idx\` on \`evidence_checkpoints\` (\`organization_id\`, \`seq\`);`);
  }

}

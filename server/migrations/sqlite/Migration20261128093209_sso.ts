import { Migration } from '@mikro-orm/migrations';

export class Migration20261128093209_sso extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`sso_providers\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`name\` text not null, \`issuer\` text not null, \`client_id\` text not null, \`sealed_client_secret\` text not null, \`default_role\` text not null, \`default_tag_ids\` json not null, \`auto_link\` integer not null default false, \`require_sso\` integer not null default false, \`created_at\` datetime not null, constraint \`sso_providers_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`sso_providers_org_idx\` on \`sso_providers\` (\`organization_id\`);`);

    this.addSql(`create table \`sso_domains\` (\`domain\` text not null, \`organization_id\` integer not null, \`provider_id\` integer not null, constraint \`sso_domains_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`sso_domains_provider_id_foreign\` foreign key(\`provider_id\`) references \`sso_providers\`(\`id\`) on delete cascade on update cascade, primary key (\`domain\`));`);
    this.addSql(`create index \`sso_domains_org_idx\` on \`sso_domains\` (\`organization_id\`);`);
    this.addSql(`create index \`sso_domains_provider_idx\` on \`sso_domains\` (\`provider_id\`);`);

    this.addSql(`create table \`sso_identities\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`provider_id\` integer not null, \`subject\` text not null, \`user_id\` integer not null, \`created_at\` datetime not null, constraint \`sso_identities_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`sso_identities_provider_id_foreign\` foreign key(\`provider_id\`) references \`sso_providers\`(\`id\`) on delete cascade on update cascade, constraint \`sso_identities_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`sso_identities_org_idx\` on \`sso_identities\` (\`organization_id\`);`);
    this.addSql(`create index \`sso_identities_user_idx\` on \`sso_identities\` (\`user_id\`);`);
    this.addSql(`create unique index \`sso_identities_provider_subject_unique\` on \`sso_identities\` (\`provider_id\`, \`subject\`);`);

    this.addSql(`alter table \`sessions\` add column \`signed_in_with\` text null;`);
  }

}

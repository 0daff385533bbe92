import { Migration } from '@mikro-orm/migrations';

export class Migration20261121051351_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table \`organizations\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`slug\` text not null, \`created_at\` datetime not null);`);
    this.addSql(`create unique index \`organizations_slug_unique\` on \`organizations\` (\`slug\`);`);

    this.addSql(`create table \`courses\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`title\` text not null, \`description\` text null, \`status\` text not null default 'draft', \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`courses_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`courses_organization_id_index\` on \`courses\` (\`organization_id\`);`);
    this.addSql(`create index \`courses_org_status_idx\` on \`courses\` (\`organization_id\`, \`status\`);`);

    this.addSql(`create table \`modules\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`course_id\` integer not null, \`title\` text not null, \`description\` text null, \`order_index\` integer not null, constraint \`modules_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`modules_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`modules_organization_id_index\` on \`modules\` (\`organization_id\`);`);
    this.addSql(`create index \`modules_course_id_index\` on \`modules\` (\`course_id\`);`);
    this.addSql(`create index \`modules_org_course_order_idx\` on \`modules\` (\`organization_id\`, \`course_id\`, \`order_index\`);`);

    this.addSql(`create table \`lessons\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`module_id\` integer not null, \`title\` text not null, \`content\` text null, \`video_url\` text null, \`order_index\` integer not null, constraint \`lessons_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`lessons_module_id_foreign\` foreign key(\`module_id\`) references \`modules\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`lessons_organization_id_index\` on \`lessons\` (\`organization_id\`);`);
    this.addSql(`create index \`lessons_module_id_index\` on \`lessons\` (\`module_id\`);`);
    this.addSql(`create index \`lessons_org_module_order_idx\` on \`lessons\` (\`organization_id\`, \`module_id\`, \`order_index\`);`);

    this.addSql(`create table \`rate_limit_buckets\` (\`bucket_key\` text not null, \`window_number\` integer not null, \`hits\` integer not null, primary key (\`bucket_key\`));`);

    this.addSql(`create table \`tags\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`name\` text not null, \`type\` text not null, \`parent_id\` integer null, \`color\` text null, \`created_at\` datetime not null, constraint \`tags_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`tags_parent_id_foreign\` foreign key(\`parent_id\`) references \`tags\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`tags_organization_id_index\` on \`tags\` (\`organization_id\`);`);
    this.addSql(`create index \`tags_parent_id_index\` on \`tags\` (\`parent_id\`);`);
    this.addSql(`create index \`tags_org_parent_idx\` on \`tags\` (\`organization_id\`, \`parent_id\`);`);

    this.addSql(`create table \`course_tags\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`course_id\` integer not null, \`tag_id\` integer not null, constraint \`course_tags_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`course_tags_course_id_foreign\` foreign key(\`course_id\`) references \`courses\`(\`id\`) on delete cascade on update cascade, constraint \`course_tags_tag_id_foreign\` foreign key(\`tag_id\`) references \`tags\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`course_tags_organization_id_index\` on \`course_tags\` (\`organization_id\`);`);
    this.addSql(`create index \`course_tags_course_id_index\` on \`course_tags\` (\`course_id\`);`);
    this.addSql(`create index \`course_tags_tag_idx\` on \`course_tags\` (\`tag_id\`);`);
    this.addSql(`create unique index \`course_tags_unique\` on \`course_tags\` (\`organization_id\`, \`course_id\`, \`tag_id\`);`);

    this.addSql(`create table \`users\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`email\` text not null, \`email_key\` text not null, \`password_hash\` text not null, \`current_org_id\` integer null, \`created_at\` datetime not null, constraint \`users_current_org_id_foreign\` foreign key(\`current_org_id\`) references \`organizations\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create unique index \`users_email_key_unique\` on \`users\` (\`email_key\`);`);
    this.addSql(`create index \`users_current_org_id_index\` on \`users\` (\`current_org_id\`);`);

    this.addSql(`create table \`sessions\` (\`token_hash\` text not null, \`user_id\` integer not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`renewed_at\` datetime not null, constraint \`sessions_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`token_hash\`));`);
    this.addSql(`create index \`sessions_user_idx\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create index \`sessions_expires_idx\` on \`sessions\` (\`expires_at\`);`);

    this.addSql(`create table \`memberships\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer not null, \`role\` text not null, \`created_at\` datetime not null, constraint \`memberships_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`memberships_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`memberships_organization_id_index\` on \`memberships\` (\`organization_id\`);`);
    this.addSql(`create index \`memberships_user_idx\` on \`memberships\` (\`user_id\`);`);
    this.addSql(`create unique index \`memberships_org_user_unique\` on \`memberships\` (\`organization_id\`, \`user_id\`);`);

    this.addSql(`create table \`member_tags\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`membership_id\` integer not null, \`tag_id\` integer not null, constraint \`member_tags_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`member_tags_membership_id_foreign\` foreign key(\`membership_id\`) references \`memberships\`(\`id\`) on delete cascade on update cascade, constraint \`member_tags_tag_id_foreign\` foreign key(\`tag_id\`) references \`tags\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`member_tags_organization_id_index\` on \`member_tags\` (\`organization_id\`);`);
    this.addSql(`create index \`member_tags_membership_id_index\` on \`member_tags\` (\`membership_id\`);`);
    this.addSql(`create index \`member_tags_tag_idx\` on \`member_tags\` (\`tag_id\`);`);
    this.addSql(`create unique index \`member_tags_unique\` on \`member_tags\` (\`organization_id\`, \`membership_id\`, \`tag_id\`);`);

    this.addSql(`create table \`invitations\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`name\` text not null, \`email\` text not null, \`email_key\` text not null, \`role\` text not null, \`tag_ids\` json not null, \`secret_hash\` text not null, \`invited_by_id\` integer null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`accepted_at\` datetime null, constraint \`invitations_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`invitations_invited_by_id_foreign\` foreign key(\`invited_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade);`);
    this.addSql(`create index \`invitations_organization_id_index\` on \`invitations\` (\`organization_id\`);`);
    this.addSql(`create unique index \`invitations_secret_hash_unique\` on \`invitations\` (\`secret_hash\`);`);
    this.addSql(`create index \`invitations_invited_by_id_index\` on \`invitations\` (\`invited_by_id\`);`);
    this.addSql(`create index \`invitations_org_email_idx\` on \`invitations\` (\`organization_id\`, \`email_key\`);`);

    this.addSql(`create table \`completions\` (\`id\` integer not null primary key autoincrement, \`organization_id\` integer not null, \`user_id\` integer not null, \`lesson_id\` integer not null, \`completed_at\` datetime not null, constraint \`completions_organization_id_foreign\` foreign key(\`organization_id\`) references \`organizations\`(\`id\`) on delete cascade on update cascade, constraint \`completions_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`completions_lesson_id_foreign\` foreign key(\`lesson_id\`) references \`lessons\`(\`id\`) on delete cascade on update cascade);`);
    this.addSql(`create index \`completions_organization_id_index\` on \`completions\` (\`organization_id\`);`);
    this.addSql(`create index \`completions_user_idx\` on \`completions\` (\`user_id\`);`);
    this.addSql(`create index \`completions_lesson_idx\` on \`completions\` (\`lesson_id\`);`);
    this.addSql(`create unique index \`completions_org_user_lesson_unique\` on \`completions\` (\`organization_id\`, \`user_id\`, \`lesson_id\`);`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261128003703_pending_invitations_index extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "invitations_org_pending_idx" on "invitations" ("organization_id", "accepted_at", "created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "invitations_org_pending_idx";`);
  }

}

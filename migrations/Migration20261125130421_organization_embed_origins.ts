import { Migration } from '@mikro-orm/migrations';

/** The sites that may embed an organization's form (empty: any https site, as before). */
export class Migration20261125130421_organization_embed_origins extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "organizations" add column "embed_origins" text[] not null default '{}';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organizations" drop column "embed_origins";`);
  }
}

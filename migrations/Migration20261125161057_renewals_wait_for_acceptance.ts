import { Migration } from '@mikro-orm/migrations';

export class Migration20261125161057_renewals_wait_for_acceptance extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "test_kits" add column "renewal" jsonb null;`);

    this.addSql(`alter table "certifications" add column "renewal" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "certifications" drop column "renewal";`);

    this.addSql(`alter table "test_kits" drop column "renewal";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

// A company's registrations found by index: My registrations reads them for the company's admin
// (its people, test kits and credentials), which otherwise scanned every registration.
export class Migration20261127130000_registrations_company_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "registrations_company_idx" on "registrations" ("company_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "registrations_company_idx";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

// Issue 39, the read API: test reports are synced like the other resources, so each write sets
// updated_at to the clock at that moment (the trigger the synced tables share, as in the
// integrations migration), which the sync horizon relies on.
export class Migration20261207170000_test_report_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create trigger "test_reports_touch_updated_at" before insert or update on "test_reports" for each row execute function "touch_updated_at"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "test_reports_touch_updated_at" on "test_reports";`);
  }
}

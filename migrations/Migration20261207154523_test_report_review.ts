import { Migration } from '@mikro-orm/migrations';

// Issue 39, review: a returned report's personal link (only its sha256, until it expires) and
// the report that took a returned one's place when the tester filed it again.
export class Migration20261207154523_test_report_review extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "test_reports" add column "superseded_by_id" int null, add column "return_token_hash" varchar(64) null, add column "return_expires_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_superseded_by_id_foreign" foreign key ("superseded_by_id") references "test_reports" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create index "test_reports_superseded_by_idx" on "test_reports" ("superseded_by_id");`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_return_token_unique" unique ("return_token_hash");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "test_reports" drop constraint "test_reports_superseded_by_id_foreign";`,
    );
    this.addSql(`drop index "test_reports_superseded_by_idx";`);
    this.addSql(`alter table "test_reports" drop constraint "test_reports_return_token_unique";`);
    this.addSql(
      `alter table "test_reports" drop column "superseded_by_id", drop column "return_token_hash", drop column "return_expires_at";`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261126203142_account_items extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "registrations" add column "account_change_at" timestamptz null, add column "resume_state" text check ("resume_state" in ('pending', 'changes_requested', 'approved', 'rejected')) null;`,
    );

    this.addSql(`alter table "documents" add column "uploaded_by_id" int null;`);
    this.addSql(
      `alter table "documents" add constraint "documents_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`alter table "test_kits" add column "retired_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "documents" drop constraint "documents_uploaded_by_id_foreign";`);

    this.addSql(`alter table "documents" drop column "uploaded_by_id";`);

    this.addSql(
      `alter table "registrations" drop column "account_change_at", drop column "resume_state";`,
    );

    this.addSql(`alter table "test_kits" drop column "retired_at";`);
  }
}

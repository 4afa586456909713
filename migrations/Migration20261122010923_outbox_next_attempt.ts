import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010923_outbox_next_attempt extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "email_outbox_status_idx";`);

    this.addSql(
      `alter table "email_outbox" add column "next_attempt_at" timestamptz not null default now();`,
    );
    this.addSql(
      `create index "email_outbox_due_idx" on "email_outbox" ("status", "next_attempt_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "email_outbox_due_idx";`);
    this.addSql(`alter table "email_outbox" drop column "next_attempt_at";`);

    this.addSql(
      `create index "email_outbox_status_idx" on "email_outbox" ("status", "created_at");`,
    );
  }
}

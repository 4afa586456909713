import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox announces its own messages: whoever stages one (the unit of work, a plain-SQL
 * insert, a script), its transaction's commit notifies `email_outbox_due`, and every instance
 * listening sends at once (api/src/modules/email/plugin.ts). NOTIFY is delivered only on commit,
 * so a rolled-back staging announces nothing. One notification per statement on insert (a bulk
 * insert of reminders is one); on update only for a row that becomes due again (sent or waiting
 * before, due now, or its attempts reset), never for the sender's own updates. PostgreSQL folds
 * identical notifications of one transaction into one.
 */
export class Migration20261126203000_email_outbox_notify extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create function "email_outbox_due"() returns trigger language plpgsql as $$
       begin
         perform pg_notify('email_outbox_due', '');
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "email_outbox_staged" after insert on "email_outbox"
         for each statement execute function "email_outbox_due"();`,
    );
    this.addSql(
      `create trigger "email_outbox_due_again" after update of "status", "attempts", "next_attempt_at" on "email_outbox"
         for each row when (new."status" <> 'sent' and new."next_attempt_at" <= now()
           and (old."status" = 'sent' or old."next_attempt_at" > now() or new."attempts" < old."attempts"))
         execute function "email_outbox_due"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "email_outbox_due_again" on "email_outbox";`);
    this.addSql(`drop trigger "email_outbox_staged" on "email_outbox";`);
    this.addSql(`drop function "email_outbox_due"();`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261126205118_account_email_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "account_email_changes" ("id" serial primary key, "user_id" int not null, "new_email" varchar(255) not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "account_email_changes" add constraint "account_email_changes_user_unique" unique ("user_id");`,
    );
    this.addSql(
      `alter table "account_email_changes" add constraint "account_email_changes_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `alter table "account_email_changes" add constraint "account_email_changes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "account_email_changes" cascade;`);
  }
}

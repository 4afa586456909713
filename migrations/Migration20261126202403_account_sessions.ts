import { Migration } from '@mikro-orm/migrations';

export class Migration20261126202403_account_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "account_sign_in_links" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "account_sign_in_links" add constraint "account_sign_in_links_user_unique" unique ("user_id");`,
    );
    this.addSql(
      `alter table "account_sign_in_links" add constraint "account_sign_in_links_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "account_sessions" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "last_seen_at" timestamptz not null, "expires_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "account_sessions" add constraint "account_sessions_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(`create index "account_sessions_user_idx" on "account_sessions" ("user_id");`);

    this.addSql(
      `alter table "account_sign_in_links" add constraint "account_sign_in_links_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "account_sessions" add constraint "account_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    // A changed email ends the person's sessions and unused sign-in link, whoever changes it.
    this.addSql(`create function account_end_sessions_on_email_change() returns trigger
      language plpgsql as $$
      begin
        delete from account_sessions where user_id = new.id;
        delete from account_sign_in_links where user_id = new.id;
        return null;
      end $$;`);
    this.addSql(`create trigger users_email_change_ends_account_sessions
      after update of email on users for each row
      when (lower(old.email) is distinct from lower(new.email))
      execute function account_end_sessions_on_email_change();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists users_email_change_ends_account_sessions on users;');
    this.addSql('drop function if exists account_end_sessions_on_email_change();');
    this.addSql(`drop table if exists "account_sign_in_links" cascade;`);

    this.addSql(`drop table if exists "account_sessions" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Staff roles, invitations and password links, two-step sign-in, and what each session was
 * seen from (sign-in throttling counts in the rate limits' shared counters). Every account that
 * exists before roles becomes an Administrator, so nobody loses access by upgrading.
 */
export class Migration20261125123444_staff_roles_and_sign_in extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "staff_password_links" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "staff_id" int not null, "purpose" text check ("purpose" in ('invite', 'reset')) not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "staff_password_links" add constraint "staff_password_links_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "staff_password_links_staff_idx" on "staff_password_links" ("staff_id");`,
    );

    this.addSql(
      `create table "staff_recovery_codes" ("id" serial primary key, "staff_id" int not null, "code_hash" varchar(64) not null, "used_at" timestamptz null);`,
    );
    this.addSql(
      `create index "staff_recovery_codes_staff_idx" on "staff_recovery_codes" ("staff_id");`,
    );

    this.addSql(
      `alter table "staff_password_links" add constraint "staff_password_links_staff_id_foreign" foreign key ("staff_id") references "staff_accounts" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "staff_recovery_codes" add constraint "staff_recovery_codes_staff_id_foreign" foreign key ("staff_id") references "staff_accounts" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "staff_accounts" add column "name" varchar(100) not null default '', add column "role" text check ("role" in ('viewer', 'editor', 'administrator')) not null default 'administrator', add column "totp_secret" varchar(64) null, add column "totp_enabled_at" timestamptz null, add column "totp_last_step" int null;`,
    );
    this.addSql(`alter table "staff_accounts" alter column "role" drop default;`);

    this.addSql(
      `create index "audit_log_action_created_idx" on "audit_log" ("action", "created_at");`,
    );
    this.addSql(
      `create index "audit_log_staff_email_created_idx" on "audit_log" (lower("staff_email"), "created_at");`,
    );

    this.addSql(
      `alter table "staff_sessions" add column "last_seen_at" timestamptz null, add column "ip_address" varchar(64) not null default '', add column "user_agent" varchar(255) not null default '';`,
    );
    this.addSql(`update "staff_sessions" set "last_seen_at" = "issued_at";`);
    this.addSql(`alter table "staff_sessions" alter column "last_seen_at" set not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "staff_password_links" cascade;`);

    this.addSql(`drop table if exists "staff_recovery_codes" cascade;`);

    this.addSql(`drop index "audit_log_action_created_idx";`);
    this.addSql(`drop index "audit_log_staff_email_created_idx";`);

    this.addSql(
      `alter table "staff_accounts" drop column "name", drop column "role", drop column "totp_secret", drop column "totp_enabled_at", drop column "totp_last_step";`,
    );

    this.addSql(
      `alter table "staff_sessions" drop column "last_seen_at", drop column "ip_address", drop column "user_agent";`,
    );
  }
}

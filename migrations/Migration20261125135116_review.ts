import { Migration } from '@mikro-orm/migrations';

/**
 * Review and approval: each registration's review state and version, each certification's and
 * test kit's decision, and the registrants' status links. Every registration that existed before
 * starts as Pending review, in the queue since it was registered, so nothing submitted is lost.
 * Registrations keep their person's user type for the queue's index: triggers copy it on insert
 * and when a person's type changes, whoever writes them.
 */
export class Migration20261125135116_review extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "registration_status_tokens" ("id" serial primary key, "registration_id" int not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "used_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "registration_status_tokens" add constraint "registration_status_tokens_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "registration_status_tokens_registration_idx" on "registration_status_tokens" ("registration_id");`,
    );

    this.addSql(
      `alter table "registration_status_tokens" add constraint "registration_status_tokens_registration_id_foreign" foreign key ("registration_id") references "registrations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "test_kits" add column "review_decision" text check ("review_decision" in ('pending', 'accepted', 'rejected')) not null default 'pending', add column "review_reason" text check ("review_reason" in ('unreadable', 'mismatch', 'expired', 'wrong_document', 'other')) null, add column "review_note" text null;`,
    );
    this.addSql(`create index "test_kits_submission_idx" on "test_kits" ("submission_id");`);

    this.addSql(
      `alter table "registrations" add column "review_state" text check ("review_state" in ('pending', 'changes_requested', 'approved', 'rejected')) not null default 'pending', add column "review_version" int not null default 1, add column "queued_at" timestamptz not null default now(), add column "resubmitted_at" timestamptz null, add column "reviewed_at" timestamptz null, add column "rejection_reason" text check ("rejection_reason" in ('not_eligible', 'duplicate', 'not_verified', 'other')) null, add column "rejection_note" text null, add column "user_type" text check ("user_type" in ('admin', 'tester')) null;`,
    );
    this.addSql(
      `update "registrations" r set "queued_at" = r."registered_at", "user_type" = u."type"
         from "users" u where u."id" = r."user_id";`,
    );
    this.addSql(
      `create function "registrations_user_type"() returns trigger language plpgsql as $$
       begin
         new."user_type" := (select "type" from "users" where "id" = new."user_id");
         return new;
       end $$;`,
    );
    this.addSql(
      `create trigger "registrations_user_type" before insert or update of "user_id" on "registrations"
         for each row execute function "registrations_user_type"();`,
    );
    this.addSql(
      `create function "users_type_to_registrations"() returns trigger language plpgsql as $$
       begin
         update "registrations" set "user_type" = new."type" where "user_id" = new."id";
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "users_type_to_registrations" after update of "type" on "users"
         for each row when (old."type" is distinct from new."type")
         execute function "users_type_to_registrations"();`,
    );
    this.addSql(
      `create index "registrations_review_queue_idx" on "registrations" ("queued_at", "id") where "review_state" = 'pending';`,
    );
    this.addSql(
      `create index "registrations_review_queue_organization_idx" on "registrations" ("organization_id", "queued_at", "id") include ("user_type") where "review_state" = 'pending';`,
    );
    this.addSql(
      `create index "registrations_review_queue_user_type_idx" on "registrations" ("user_type", "queued_at", "id") where "review_state" = 'pending';`,
    );
    this.addSql(
      `create index "registrations_submission_idx" on "registrations" ("submission_id");`,
    );

    this.addSql(
      `alter table "certifications" add column "review_decision" text check ("review_decision" in ('pending', 'accepted', 'rejected')) not null default 'pending', add column "review_reason" text check ("review_reason" in ('unreadable', 'mismatch', 'expired', 'wrong_document', 'other')) null, add column "review_note" text null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "users_type_to_registrations" on "users";`);
    this.addSql(`drop function "users_type_to_registrations"();`);
    this.addSql(`drop trigger "registrations_user_type" on "registrations";`);
    this.addSql(`drop function "registrations_user_type"();`);
    this.addSql(`drop table if exists "registration_status_tokens" cascade;`);

    this.addSql(
      `alter table "certifications" drop column "review_decision", drop column "review_reason", drop column "review_note";`,
    );

    this.addSql(`drop index "registrations_review_queue_idx";`);
    this.addSql(`drop index "registrations_review_queue_organization_idx";`);
    this.addSql(`drop index "registrations_review_queue_user_type_idx";`);
    this.addSql(`drop index "registrations_submission_idx";`);
    this.addSql(
      `alter table "registrations" drop column "review_state", drop column "review_version", drop column "queued_at", drop column "resubmitted_at", drop column "reviewed_at", drop column "rejection_reason", drop column "rejection_note", drop column "user_type";`,
    );

    this.addSql(`drop index "test_kits_submission_idx";`);
    this.addSql(
      `alter table "test_kits" drop column "review_decision", drop column "review_reason", drop column "review_note";`,
    );
  }
}

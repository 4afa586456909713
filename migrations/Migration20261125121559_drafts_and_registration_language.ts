import { Migration } from '@mikro-orm/migrations';

/**
 * Save and finish later: drafts (the wizard's data, a hashed link token, an expiry) and the
 * uploads each refers to, which the unattached-upload sweep leaves alone while the draft lives.
 * Registrations record the language they were made in, for the emails the person gets later.
 */
export class Migration20261125121559_drafts_and_registration_language extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "drafts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "organization_id" int not null, "run_id" uuid not null, "token_hash" varchar(64) not null, "email" varchar(255) not null, "language" varchar(8) not null, "data" jsonb not null, "expires_at" timestamptz not null);`,
    );
    this.addSql(`alter table "drafts" add constraint "drafts_run_id_unique" unique ("run_id");`);
    this.addSql(
      `alter table "drafts" add constraint "drafts_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(`create index "drafts_expires_at_idx" on "drafts" ("expires_at");`);

    this.addSql(
      `create table "draft_documents" ("draft_id" int not null, "document_id" uuid not null, constraint "draft_documents_pkey" primary key ("draft_id", "document_id"));`,
    );
    this.addSql(
      `create index "draft_documents_document_idx" on "draft_documents" ("document_id");`,
    );

    this.addSql(
      `alter table "drafts" add constraint "drafts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "draft_documents" add constraint "draft_documents_draft_id_foreign" foreign key ("draft_id") references "drafts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "draft_documents" add constraint "draft_documents_document_id_foreign" foreign key ("document_id") references "documents" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "registrations" add column "language" varchar(8) not null default 'en';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "draft_documents" drop constraint "draft_documents_draft_id_foreign";`,
    );

    this.addSql(`drop table if exists "drafts" cascade;`);

    this.addSql(`drop table if exists "draft_documents" cascade;`);

    this.addSql(`alter table "registrations" drop column "language";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261122005501_schema extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "certification_agencies" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(255) not null);`,
    );
    this.addSql(
      `create unique index "certification_agencies_name_lower_unique" on "certification_agencies" (lower("name"));`,
    );

    this.addSql(
      `create table "certification_types" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(255) not null);`,
    );
    this.addSql(
      `create unique index "certification_types_name_lower_unique" on "certification_types" (lower("name"));`,
    );

    this.addSql(
      `create table "agency_types" ("agency_id" int not null, "type_id" int not null, constraint "agency_types_pkey" primary key ("agency_id", "type_id"));`,
    );

    this.addSql(
      `create table "companies" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(255) not null, "phone" varchar(50) not null default '', "address1" varchar(255) not null, "address2" varchar(255) not null default '', "city" varchar(255) not null, "state" varchar(2) not null, "zip" varchar(255) not null, "name_key" varchar(255) not null, "address_key" varchar(255) not null, "city_key" varchar(255) not null, "zip5" varchar(10) not null, "phone_key" varchar(50) not null default '');`,
    );
    this.addSql(
      `create index "companies_state_name_key_idx" on "companies" ("state", "name_key");`,
    );
    this.addSql(`create index "companies_address_zip_idx" on "companies" ("address_key", "zip5");`);
    this.addSql(`create index "companies_phone_key_idx" on "companies" ("phone_key");`);
    this.addSql(
      `create index "companies_name_key_trgm_idx" on "companies" using gin ("name_key" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "organizations" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(255) not null, "form_hash" varchar(64) not null, "primary_email" varchar(255) not null, "extra_emails" text[] not null default '{}', "report_frequency" text check ("report_frequency" in ('daily', 'weekly', 'twiceWeekly', 'monthly')) not null, "allowed_until" date not null, "required_certifications" int not null default 1, "form_banner" text not null default '', "home_banner" text not null default '', "internal_notes" text not null default '', "last_report_sent_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_form_hash_unique" unique ("form_hash");`,
    );
    this.addSql(
      `create index "organizations_name_words_idx" on "organizations" using gin (to_tsvector('simple', "name"));`,
    );
    this.addSql(
      `create index "organizations_allowed_until_idx" on "organizations" ("allowed_until");`,
    );
    this.addSql(
      `create unique index "organizations_name_lower_unique" on "organizations" (lower("name"));`,
    );

    this.addSql(
      `create table "documents" ("id" uuid not null default gen_random_uuid(), "organization_id" int null, "storage_key" varchar(255) not null, "original_name" varchar(255) not null, "content_type" varchar(100) not null, "size" bigint not null, "sha256" varchar(64) not null, "attached_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "documents_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "documents" add constraint "documents_storage_key_unique" unique ("storage_key");`,
    );
    this.addSql(
      `create index "documents_unattached_created_idx" on "documents" ("created_at") where "attached_at" is null;`,
    );

    this.addSql(
      `create table "organization_agencies" ("organization_id" int not null, "agency_id" int not null, constraint "organization_agencies_pkey" primary key ("organization_id", "agency_id"));`,
    );

    this.addSql(
      `create table "email_outbox" ("id" serial primary key, "dedupe_key" varchar(255) not null, "kind" varchar(50) not null, "recipients" text[] not null, "subject" varchar(255) not null, "text_body" text not null, "html_body" text null, "attachments" jsonb null, "status" text check ("status" in ('pending', 'sent', 'failed')) not null default 'pending', "attempts" int not null default 0, "last_error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "email_outbox" add constraint "email_outbox_dedupe_key_unique" unique ("dedupe_key");`,
    );
    this.addSql(
      `create index "email_outbox_status_idx" on "email_outbox" ("status", "created_at");`,
    );

    this.addSql(
      `create table "staff_accounts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "email" varchar(255) not null, "password_hash" varchar(255) null, "google_subject" varchar(255) null, "active" boolean not null default true, "last_login_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "staff_accounts" add constraint "staff_accounts_google_subject_unique" unique ("google_subject");`,
    );
    this.addSql(
      `create unique index "staff_accounts_email_lower_unique" on "staff_accounts" (lower("email"));`,
    );

    this.addSql(
      `create table "audit_log" ("id" serial primary key, "staff_id" int null, "staff_email" varchar(255) not null, "action" varchar(50) not null, "entity_type" varchar(50) not null, "entity_id" varchar(100) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "audit_log_entity_idx" on "audit_log" ("entity_type", "entity_id");`);
    this.addSql(`create index "audit_log_created_idx" on "audit_log" ("created_at");`);

    this.addSql(
      `create table "staff_sessions" ("id" uuid not null, "staff_id" int not null, "issued_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, constraint "staff_sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "staff_sessions_staff_idx" on "staff_sessions" ("staff_id");`);

    this.addSql(
      `create table "submissions" ("id" serial primary key, "idempotency_key" varchar(100) null, "request_hash" varchar(64) not null, "organization_id" int not null, "company_id" int null, "received_at" timestamptz not null default now(), "payload" jsonb not null, "response" jsonb not null);`,
    );
    this.addSql(
      `alter table "submissions" add constraint "submissions_idempotency_key_unique" unique ("idempotency_key");`,
    );
    this.addSql(
      `create index "submissions_organization_received_idx" on "submissions" ("organization_id", "received_at");`,
    );

    this.addSql(
      `create table "test_kits" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "organization_id" int null, "submission_id" int null, "serial" varchar(255) not null, "manufacturer" varchar(255) not null, "model" varchar(255) not null, "calibrated_on" date not null, "document_id" uuid null);`,
    );
    this.addSql(`create index "test_kits_company_idx" on "test_kits" ("company_id");`);
    this.addSql(
      `create index "test_kits_organization_created_idx" on "test_kits" ("organization_id", "created_at");`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "type" text check ("type" in ('admin', 'tester')) not null, "first_name" varchar(50) not null, "last_name" varchar(50) not null, "email" varchar(255) not null, "phone" varchar(50) not null default '');`,
    );
    this.addSql(
      `create index "users_search_trgm_idx" on "users" using gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "users_name_order_idx" on "users" (lower("last_name"), lower("first_name"), "id");`,
    );
    this.addSql(`create unique index "users_email_lower_unique" on "users" (lower("email"));`);

    this.addSql(
      `create table "registrations" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "organization_id" int not null, "company_id" int null, "submission_id" int null, "enrolled" boolean not null default false, "registered_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "registrations_organization_registered_at_idx" on "registrations" ("organization_id", "registered_at");`,
    );
    this.addSql(
      `create index "registrations_registered_at_idx" on "registrations" ("registered_at");`,
    );
    this.addSql(
      `alter table "registrations" add constraint "registrations_user_organization_unique" unique ("user_id", "organization_id");`,
    );

    this.addSql(
      `create table "certifications" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "registration_id" int null, "number" varchar(255) not null, "expires_on" date not null, "agency_id" int null, "agency_name" varchar(255) not null, "type_id" int null, "type_name" varchar(255) not null, "document_id" uuid null);`,
    );
    this.addSql(`create index "certifications_user_idx" on "certifications" ("user_id");`);
    this.addSql(
      `create index "certifications_registration_idx" on "certifications" ("registration_id");`,
    );

    this.addSql(
      `create table "user_companies" ("user_id" int not null, "company_id" int not null, "created_at" timestamptz not null default now(), constraint "user_companies_pkey" primary key ("user_id", "company_id"));`,
    );
    this.addSql(`create index "user_companies_company_idx" on "user_companies" ("company_id");`);

    this.addSql(
      `alter table "agency_types" add constraint "agency_types_agency_id_foreign" foreign key ("agency_id") references "certification_agencies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "agency_types" add constraint "agency_types_type_id_foreign" foreign key ("type_id") references "certification_types" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "documents" add constraint "documents_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "organization_agencies" add constraint "organization_agencies_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "organization_agencies" add constraint "organization_agencies_agency_id_foreign" foreign key ("agency_id") references "certification_agencies" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "audit_log" add constraint "audit_log_staff_id_foreign" foreign key ("staff_id") references "staff_accounts" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "staff_sessions" add constraint "staff_sessions_staff_id_foreign" foreign key ("staff_id") references "staff_accounts" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "submissions" add constraint "submissions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "submissions" add constraint "submissions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "test_kits" add constraint "test_kits_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "test_kits" add constraint "test_kits_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "test_kits" add constraint "test_kits_submission_id_foreign" foreign key ("submission_id") references "submissions" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "test_kits" add constraint "test_kits_document_id_foreign" foreign key ("document_id") references "documents" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "registrations" add constraint "registrations_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "registrations" add constraint "registrations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "registrations" add constraint "registrations_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "registrations" add constraint "registrations_submission_id_foreign" foreign key ("submission_id") references "submissions" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "certifications" add constraint "certifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "certifications" add constraint "certifications_registration_id_foreign" foreign key ("registration_id") references "registrations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "certifications" add constraint "certifications_agency_id_foreign" foreign key ("agency_id") references "certification_agencies" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "certifications" add constraint "certifications_type_id_foreign" foreign key ("type_id") references "certification_types" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "certifications" add constraint "certifications_document_id_foreign" foreign key ("document_id") references "documents" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "user_companies" add constraint "user_companies_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_companies" add constraint "user_companies_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "agency_types" drop constraint "agency_types_agency_id_foreign";`);

    this.addSql(
      `alter table "organization_agencies" drop constraint "organization_agencies_agency_id_foreign";`,
    );

    this.addSql(`alter table "certifications" drop constraint "certifications_agency_id_foreign";`);

    this.addSql(`alter table "agency_types" drop constraint "agency_types_type_id_foreign";`);

    this.addSql(`alter table "certifications" drop constraint "certifications_type_id_foreign";`);

    this.addSql(`alter table "submissions" drop constraint "submissions_company_id_foreign";`);

    this.addSql(`alter table "test_kits" drop constraint "test_kits_company_id_foreign";`);

    this.addSql(`alter table "registrations" drop constraint "registrations_company_id_foreign";`);

    this.addSql(
      `alter table "user_companies" drop constraint "user_companies_company_id_foreign";`,
    );

    this.addSql(`alter table "documents" drop constraint "documents_organization_id_foreign";`);

    this.addSql(
      `alter table "organization_agencies" drop constraint "organization_agencies_organization_id_foreign";`,
    );

    this.addSql(`alter table "submissions" drop constraint "submissions_organization_id_foreign";`);

    this.addSql(`alter table "test_kits" drop constraint "test_kits_organization_id_foreign";`);

    this.addSql(
      `alter table "registrations" drop constraint "registrations_organization_id_foreign";`,
    );

    this.addSql(`alter table "test_kits" drop constraint "test_kits_document_id_foreign";`);

    this.addSql(
      `alter table "certifications" drop constraint "certifications_document_id_foreign";`,
    );

    this.addSql(`alter table "audit_log" drop constraint "audit_log_staff_id_foreign";`);

    this.addSql(`alter table "staff_sessions" drop constraint "staff_sessions_staff_id_foreign";`);

    this.addSql(`alter table "test_kits" drop constraint "test_kits_submission_id_foreign";`);

    this.addSql(
      `alter table "registrations" drop constraint "registrations_submission_id_foreign";`,
    );

    this.addSql(`alter table "registrations" drop constraint "registrations_user_id_foreign";`);

    this.addSql(`alter table "certifications" drop constraint "certifications_user_id_foreign";`);

    this.addSql(`alter table "user_companies" drop constraint "user_companies_user_id_foreign";`);

    this.addSql(
      `alter table "certifications" drop constraint "certifications_registration_id_foreign";`,
    );

    this.addSql(`drop table if exists "certification_agencies" cascade;`);

    this.addSql(`drop table if exists "certification_types" cascade;`);

    this.addSql(`drop table if exists "agency_types" cascade;`);

    this.addSql(`drop table if exists "companies" cascade;`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "documents" cascade;`);

    this.addSql(`drop table if exists "organization_agencies" cascade;`);

    this.addSql(`drop table if exists "email_outbox" cascade;`);

    this.addSql(`drop table if exists "staff_accounts" cascade;`);

    this.addSql(`drop table if exists "audit_log" cascade;`);

    this.addSql(`drop table if exists "staff_sessions" cascade;`);

    this.addSql(`drop table if exists "submissions" cascade;`);

    this.addSql(`drop table if exists "test_kits" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "registrations" cascade;`);

    this.addSql(`drop table if exists "certifications" cascade;`);

    this.addSql(`drop table if exists "user_companies" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

// Each organization's own requirements (credential types it asks for, how long a registration
// stays valid, suspension on expiry), registrants' credentials, and a registration's standing
// (issue 27). valid_through is kept by triggers from approved_on and the organization's setting.
export class Migration20261127022626_requirements_and_standing extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "organization_credential_requirements" ("organization_id" int not null, "credential_type_id" int not null, "required" boolean not null default true, "minimum_coverage" bigint null, "additional_insured" boolean not null default false, constraint "organization_credential_requirements_pkey" primary key ("organization_id", "credential_type_id"));`,
    );

    this.addSql(
      `create table "credentials" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "registration_id" int not null, "company_id" int null, "credential_type_id" int null, "type_name" varchar(255) not null, "holder" text check ("holder" in ('company', 'tester')) not null, "issuer" varchar(255) null, "number" varchar(255) null, "coverage" bigint null, "additional_insured" boolean null, "expires_on" date null, "document_id" uuid null, "renewal" jsonb null, "review_decision" text check ("review_decision" in ('pending', 'accepted', 'rejected')) not null default 'pending', "review_reason" text check ("review_reason" in ('unreadable', 'mismatch', 'expired', 'wrong_document', 'other')) null, "review_note" text null);`,
    );
    this.addSql(
      `create index "credentials_registration_idx" on "credentials" ("registration_id");`,
    );
    this.addSql(
      `create index "credentials_expires_idx" on "credentials" ("expires_on", "id") where "expires_on" is not null;`,
    );

    this.addSql(
      `alter table "organization_credential_requirements" add constraint "organization_credential_requirements_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "organization_credential_requirements" add constraint "organization_credential_requirements_credential_type_id_foreign" foreign key ("credential_type_id") references "credential_types" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "credentials" add constraint "credentials_registration_id_foreign" foreign key ("registration_id") references "registrations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "credentials" add constraint "credentials_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "credentials" add constraint "credentials_credential_type_id_foreign" foreign key ("credential_type_id") references "credential_types" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "credentials" add constraint "credentials_document_id_foreign" foreign key ("document_id") references "documents" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`alter table "reminders" drop constraint if exists "reminders_item_kind_check";`);

    this.addSql(
      `alter table "organizations" add column "registration_validity" text check ("registration_validity" in ('untilWithdrawn', 'twelveMonths', 'calendarYear')) not null default 'untilWithdrawn', add column "suspend_on_expiry" boolean not null default false;`,
    );

    this.addSql(
      `alter table "reminders" add constraint "reminders_item_kind_check" check("item_kind" in ('certification', 'calibration', 'credential', 'registration'));`,
    );

    this.addSql(
      `alter table "registrations" add column "approved_on" date null, add column "valid_through" date null, add column "reregistered_at" timestamptz null, add column "standing" text check ("standing" in ('active', 'suspended', 'lapsed')) not null default 'active', add column "standing_reason" text null, add column "standing_changed_at" timestamptz null, add column "suspended_until" date null, add column "suspended_automatically" boolean not null default false;`,
    );
    this.addSql(
      `create index "registrations_valid_through_idx" on "registrations" ("valid_through", "id") where "valid_through" is not null and "standing" <> 'lapsed';`,
    );
    this.addSql(
      `create index "registrations_standing_idx" on "registrations" ("standing", "organization_id") where "standing" <> 'active';`,
    );

    // Twelve months: through the day before the approval's date a year on; a date the next year
    // lacks (February 29) runs through the month's last day (shared/requirements.ts validThrough).
    this.addSql(`create function registration_valid_through(approved date, validity text) returns date
      language sql immutable as $$
        select case validity
          when 'calendarYear' then make_date(extract(year from approved)::int, 12, 31)
          when 'twelveMonths' then
            case when extract(day from approved + interval '12 months') = extract(day from approved)
              then (approved + interval '12 months' - interval '1 day')::date
              else (approved + interval '12 months')::date end
          else null end $$;`);
    this.addSql(`create function registrations_set_valid_through() returns trigger language plpgsql as $$
      begin
        new.valid_through := registration_valid_through(new.approved_on,
          (select registration_validity from organizations where id = new.organization_id));
        return new;
      end $$;`);
    this.addSql(`create trigger registrations_valid_through before insert or update of approved_on, organization_id
      on registrations for each row execute function registrations_set_valid_through();`);
    this.addSql(`create function organizations_registration_validity_changed() returns trigger language plpgsql as $$
      begin
        update registrations set valid_through = registration_valid_through(approved_on, new.registration_validity)
         where organization_id = new.id and approved_on is not null;
        return null;
      end $$;`);
    this.addSql(`create trigger organizations_registration_validity after update of registration_validity
      on organizations for each row
      when (old.registration_validity is distinct from new.registration_validity)
      execute function organizations_registration_validity_changed();`);
    // Registrations approved before: their approval's day in the default program zone (every
    // organization is "until withdrawn" today, so the day matters only once one changes it).
    this.addSql(`update registrations set approved_on = (reviewed_at at time zone 'America/New_York')::date
      where review_state = 'approved' and reviewed_at is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger organizations_registration_validity on organizations;`);
    this.addSql(`drop function organizations_registration_validity_changed();`);
    this.addSql(`drop trigger registrations_valid_through on registrations;`);
    this.addSql(`drop function registrations_set_valid_through();`);
    this.addSql(`drop function registration_valid_through(date, text);`);
    this.addSql(`drop table if exists "organization_credential_requirements" cascade;`);

    this.addSql(`drop table if exists "credentials" cascade;`);

    this.addSql(`alter table "reminders" drop constraint if exists "reminders_item_kind_check";`);

    this.addSql(
      `alter table "organizations" drop column "registration_validity", drop column "suspend_on_expiry";`,
    );

    this.addSql(`drop index "registrations_valid_through_idx";`);
    this.addSql(`drop index "registrations_standing_idx";`);
    this.addSql(
      `alter table "registrations" drop column "approved_on", drop column "valid_through", drop column "reregistered_at", drop column "standing", drop column "standing_reason", drop column "standing_changed_at", drop column "suspended_until", drop column "suspended_automatically";`,
    );

    this.addSql(
      `alter table "reminders" add constraint "reminders_item_kind_check" check("item_kind" in ('certification', 'calibration'));`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * The organization an audited record belongs to, for the records that belong to one: each kind
 * of record with the statement reading its organization from entity_id. Later migrations that
 * add a kind re-create the trigger's function from this list and theirs (auditOrganizationFunction).
 */
export const RECORD_ORGANIZATION_SOURCES: Readonly<Record<string, string>> = {
  organization: 'entity_id::int',
  registration: '(select r.organization_id from registrations r where r.id = entity_id::int)',
  api_key: '(select k.organization_id from api_keys k where k.id = entity_id::int)',
  webhook_endpoint:
    '(select w.organization_id from webhook_endpoints w where w.id = entity_id::int)',
  organization_membership:
    '(select m.organization_id from organization_memberships m where m.id = entity_id::int)',
};

/** The organization of the audit entry's record, as one SQL case over the kinds given. */
export const recordOrganization = (sources: Readonly<Record<string, string>>) =>
  `case entity_type
      ${Object.entries(sources)
        .map(([kind, source]) => `when '${kind}' then ${source}`)
        .join('\n      ')}
    end`;

/** The audit_log_organization trigger's function over the kinds given. */
export const auditOrganizationFunction = (
  sources: Readonly<Record<string, string>>,
  create: 'create' | 'create or replace' = 'create or replace',
) => `${create} function "audit_log_organization"() returns trigger language plpgsql as $$
       begin
         if new.organization_id is null and new.entity_id ~ '^[0-9]{1,9}$' then
           new.organization_id := (select ${recordOrganization(sources).replaceAll('entity_', 'new.entity_')});
         end if;
         return new;
       end $$;`;

const RECORD_ORGANIZATION = recordOrganization(RECORD_ORGANIZATION_SOURCES);

// Issue 37: an organization's own people in the console. Memberships (a person's role in each
// of their organizations), the organization a session works in, an organization's own
// requirement of two-step sign-in, and the audit log's role and organization: the organization
// is filled by a trigger from the audited record when the writer names none, and filled in for
// the entries written before.
export class Migration20261207014518_organization_people extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "organization_memberships" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "staff_id" int not null, "organization_id" int not null, "role" text check ("role" in ('viewer', 'reviewer', 'program_manager')) not null);`,
    );
    this.addSql(
      `create index "organization_memberships_organization_idx" on "organization_memberships" ("organization_id");`,
    );
    this.addSql(
      `alter table "organization_memberships" add constraint "organization_memberships_staff_organization_unique" unique ("staff_id", "organization_id");`,
    );

    this.addSql(
      `alter table "organization_memberships" add constraint "organization_memberships_staff_id_foreign" foreign key ("staff_id") references "staff_accounts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "organization_memberships" add constraint "organization_memberships_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "organizations" add column "require_two_factor" boolean not null default false;`,
    );

    this.addSql(`alter table "staff_accounts" alter column "role" type text using ("role"::text);`);
    this.addSql(`alter table "staff_accounts" alter column "role" drop not null;`);

    this.addSql(
      `alter table "audit_log" add column "staff_role" varchar(30) null, add column "organization_id" int null;`,
    );
    this.addSql(
      `create index "audit_log_organization_created_idx" on "audit_log" ("organization_id", "created_at", "id") where "organization_id" is not null;`,
    );

    this.addSql(`alter table "staff_sessions" add column "organization_id" int null;`);
    this.addSql(
      `alter table "staff_sessions" add constraint "staff_sessions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete set null;`,
    );

    this.addSql(auditOrganizationFunction(RECORD_ORGANIZATION_SOURCES, 'create'));
    this.addSql(
      `create trigger "audit_log_organization" before insert on "audit_log" for each row execute function "audit_log_organization"();`,
    );
    this.addSql(
      `update "audit_log" set "organization_id" = ${RECORD_ORGANIZATION} where "organization_id" is null and "entity_id" ~ '^[0-9]{1,9}$';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "audit_log_organization" on "audit_log";`);
    this.addSql(`drop function if exists "audit_log_organization"();`);
    this.addSql(`drop table if exists "organization_memberships" cascade;`);

    this.addSql(
      `alter table "staff_sessions" drop constraint "staff_sessions_organization_id_foreign";`,
    );

    this.addSql(`drop index "audit_log_organization_created_idx";`);
    this.addSql(`alter table "audit_log" drop column "staff_role", drop column "organization_id";`);

    this.addSql(`alter table "organizations" drop column "require_two_factor";`);

    this.addSql(`alter table "staff_accounts" alter column "role" type text using ("role"::text);`);
    this.addSql(`alter table "staff_accounts" alter column "role" set not null;`);

    this.addSql(`alter table "staff_sessions" drop column "organization_id";`);
  }
}

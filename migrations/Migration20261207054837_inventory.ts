import { Migration } from '@mikro-orm/migrations';
import {
  auditOrganizationFunction,
  RECORD_ORGANIZATION_SOURCES,
} from './Migration20261207014518_organization_people.js';

/** Issue 37's kinds of audited record with an organization, and the inventory's two. */
const WITH_INVENTORY = {
  ...RECORD_ORGANIZATION_SOURCES,
  location: '(select l.organization_id from locations l where l.id = entity_id::int)',
  assembly: '(select a.organization_id from assemblies a where a.id = entity_id::int)',
};

// Issue 38: each organization's inventory, its locations and the assemblies at each, and its
// testing rules. Both tables are synced by the read API (updated_at by trigger, as issue 29's
// tables), and the audit log's organization is filled from them too.
export class Migration20261207054837_inventory extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "locations" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "organization_id" int not null, "account_number" varchar(50) not null, "name" varchar(255) not null default '', "address1" varchar(255) not null, "address2" varchar(255) not null default '', "city" varchar(100) not null, "state" varchar(2) not null default '', "zip" varchar(10) not null default '', "notes" text not null default '', "contacts" jsonb not null default '{}');`,
    );
    this.addSql(`create index "locations_changes_idx" on "locations" ("updated_at", "id");`);
    this.addSql(
      `create index "locations_address_idx" on "locations" ("organization_id", lower("address1") collate "C");`,
    );
    // The lists' order and prefix search, in one organization and over all, in byte order.
    for (const index of [
      'create index "locations_organization_account_idx" on "locations" ("organization_id", lower("account_number") collate "C", "id")',
      'create index "locations_account_order_idx" on "locations" (lower("account_number") collate "C", "id")',
      'create index "locations_address_search_idx" on "locations" (lower("address1") collate "C")',
      'create index "locations_name_search_idx" on "locations" (lower("name") collate "C")',
    ]) {
      this.addSql(`${index};`);
    }
    this.addSql(
      `create unique index "locations_account_unique" on "locations" ("organization_id", lower("account_number"));`,
    );

    this.addSql(
      `create table "assemblies" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "organization_id" int not null, "location_id" int not null, "assembly_id" varchar(50) not null, "serial" varchar(50) not null default '', "type" text check ("type" in ('RP', 'RPDA', 'DC', 'DCDA', 'PVB', 'SVB', 'AG')) not null, "make" varchar(100) not null default '', "model" varchar(100) not null default '', "size_inches" numeric(6,3) null, "hazard" text check ("hazard" in ('high', 'low')) not null, "service" text check ("service" in ('domestic', 'fire', 'irrigation')) not null, "placement" varchar(255) not null default '', "installed_on" date null, "status" text check ("status" in ('active', 'removed', 'replaced')) not null default 'active', "replaced_by_id" int null, "last_tested_on" date null, "last_result" text check ("last_result" in ('pass', 'fail')) null, "last_test_due_on" date null, "next_due_on" date null);`,
    );
    this.addSql(`create index "assemblies_changes_idx" on "assemblies" ("updated_at", "id");`);
    this.addSql(`create index "assemblies_location_idx" on "assemblies" ("location_id");`);
    this.addSql(
      `create index "assemblies_organization_due_idx" on "assemblies" ("organization_id", "next_due_on", "id");`,
    );
    this.addSql(
      `create index "assemblies_serial_idx" on "assemblies" ("organization_id", lower("serial") collate "C");`,
    );
    this.addSql(
      `create index "assemblies_assembly_id_prefix_idx" on "assemblies" ("organization_id", lower("assembly_id") collate "C", "id");`,
    );
    for (const index of [
      'create index "assemblies_assembly_id_order_idx" on "assemblies" (lower("assembly_id") collate "C", "id")',
      'create index "assemblies_serial_search_idx" on "assemblies" (lower("serial") collate "C")',
    ]) {
      this.addSql(`${index};`);
    }
    this.addSql(
      `create unique index "assemblies_assembly_id_unique" on "assemblies" ("organization_id", lower("assembly_id"));`,
    );

    this.addSql(
      `alter table "locations" add constraint "locations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "assemblies" add constraint "assemblies_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "assemblies" add constraint "assemblies_location_id_foreign" foreign key ("location_id") references "locations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "assemblies" add constraint "assemblies_replaced_by_id_foreign" foreign key ("replaced_by_id") references "assemblies" ("id") on update cascade on delete set null;`,
    );

    for (const table of ['locations', 'assemblies']) {
      this.addSql(
        `create trigger "${table}_touch_updated_at" before insert or update on "${table}" for each row execute function "touch_updated_at"();`,
      );
    }
    this.addSql(auditOrganizationFunction(WITH_INVENTORY));

    this.addSql(
      `alter table "organizations" add column "testing_rules" jsonb not null default '{"intervalMonths":{"high":12,"low":12},"mode":"anniversary","season":null,"earlyDays":90,"endOfMonth":false}', add column "inventory_import_mapping" jsonb null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(auditOrganizationFunction(RECORD_ORGANIZATION_SOURCES));
    this.addSql(`alter table "assemblies" drop constraint "assemblies_location_id_foreign";`);

    this.addSql(`alter table "assemblies" drop constraint "assemblies_replaced_by_id_foreign";`);

    this.addSql(`drop table if exists "locations" cascade;`);

    this.addSql(`drop table if exists "assemblies" cascade;`);

    this.addSql(
      `alter table "organizations" drop column "testing_rules", drop column "inventory_import_mapping";`,
    );
  }
}

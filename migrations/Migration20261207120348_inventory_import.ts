import { Migration } from '@mikro-orm/migrations';

export class Migration20261207120348_inventory_import extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "inventory_imports" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "organization_id" int not null, "created_by_id" int null, "file_name" varchar(255) not null default '', "file_kind" varchar(10) null, "storage_key" varchar(36) null, "file_sha256" varchar(64) null, "file_size" bigint not null default 0, "state" text check ("state" in ('empty', 'planning', 'planned', 'applying', 'applied', 'failed')) not null default 'empty', "rows_read" int not null default 0, "headers" jsonb not null default '[]', "mapping" jsonb not null default '{}', "mark_missing_removed" boolean not null default false, "summary" jsonb null, "error" text null, "planned_sha256" varchar(64) null, "inventory_fingerprint" text null, "applied_at" timestamptz null);`,
    );
    this.addSql(
      `create index "inventory_imports_organization_idx" on "inventory_imports" ("organization_id");`,
    );

    this.addSql(
      `create table "inventory_import_entries" ("id" bigserial primary key, "inventory_import_id" int not null, "row" int null, "kind" text check ("kind" in ('new', 'changed', 'unchanged', 'missing', 'refused')) not null, "entity" varchar(10) not null, "key" varchar(50) not null, "target_id" int null, "changes" jsonb not null default '[]', "refusals" jsonb not null default '[]', "fields" jsonb null, "before" jsonb null, "after" jsonb null);`,
    );
    this.addSql(
      `create index "inventory_import_entries_kind_idx" on "inventory_import_entries" ("inventory_import_id", "kind", "entity", "id");`,
    );
    this.addSql(
      `create index "inventory_import_entries_key_idx" on "inventory_import_entries" ("inventory_import_id", "entity", lower("key"));`,
    );

    this.addSql(
      `alter table "inventory_imports" add constraint "inventory_imports_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "inventory_imports" add constraint "inventory_imports_created_by_id_foreign" foreign key ("created_by_id") references "staff_accounts" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "inventory_import_entries" add constraint "inventory_import_entries_inventory_import_id_foreign" foreign key ("inventory_import_id") references "inventory_imports" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "inventory_import_entries" drop constraint "inventory_import_entries_inventory_import_id_foreign";`,
    );

    this.addSql(`drop table if exists "inventory_imports" cascade;`);

    this.addSql(`drop table if exists "inventory_import_entries" cascade;`);
  }
}

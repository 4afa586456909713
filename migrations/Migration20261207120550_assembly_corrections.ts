import { Migration } from '@mikro-orm/migrations';

// Issue 38: testers' corrections of an assembly on file, waiting for the organization's
// decision; one pending proposal per tester and assembly.
export class Migration20261207120550_assembly_corrections extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "assembly_corrections" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "organization_id" int not null, "assembly_id" int not null, "proposed_by_id" int null, "kind" text check ("kind" in ('nameplate', 'replacement')) not null, "on_file" jsonb not null, "proposed" jsonb not null, "note" text not null default '', "state" text check ("state" in ('pending', 'accepted', 'refused')) not null default 'pending', "reason" text not null default '', "decided_by_id" int null, "decided_at" timestamptz null, "replacement_id" int null);`,
    );
    this.addSql(
      `create index "assembly_corrections_organization_idx" on "assembly_corrections" ("organization_id", "state", "id");`,
    );
    this.addSql(
      `create index "assembly_corrections_assembly_idx" on "assembly_corrections" ("assembly_id");`,
    );
    this.addSql(
      `create unique index "assembly_corrections_pending_unique" on "assembly_corrections" ("assembly_id", "proposed_by_id") where "state" = 'pending';`,
    );
    for (const [column, target, onDelete] of [
      ['organization_id', 'organizations', 'cascade'],
      ['assembly_id', 'assemblies', 'cascade'],
      ['proposed_by_id', 'users', 'set null'],
      ['decided_by_id', 'staff_accounts', 'set null'],
      ['replacement_id', 'assemblies', 'set null'],
    ]) {
      this.addSql(
        `alter table "assembly_corrections" add constraint "assembly_corrections_${column}_foreign" foreign key ("${column}") references "${target}" ("id") on update cascade on delete ${onDelete};`,
      );
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assembly_corrections" cascade;`);
  }
}

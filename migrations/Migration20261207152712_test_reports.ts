import { Migration } from '@mikro-orm/migrations';

// Issue 39: test reports filed from the field, one per key made on the device, and each
// organization's rules for them (null: the defaults of shared/test-report-settings.ts).
export class Migration20261207152712_test_reports extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "test_reports" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "key" uuid not null, "body_hash" varchar(64) not null, "organization_id" int not null, "assembly_id" int not null, "registration_id" int null, "tester_id" int null, "filed_by_id" int null, "company_id" int null, "certification_id" int null, "test_kit_id" int null, "kind" text check ("kind" in ('initial', 'repair', 'replacement')) not null, "test_date" date not null, "readings" jsonb not null, "repairs" jsonb not null, "replacement" jsonb null, "remarks" text not null default '', "line_pressure_psi" int null, "result" text check ("result" in ('pass', 'fail')) not null, "rule_results" jsonb not null, "record" jsonb not null, "state" text check ("state" in ('accepted', 'pending', 'rejected', 'returned')) not null default 'pending', "auto_accepted" boolean not null default false, "reason" text not null default '', "decided_by_id" int null, "decided_at" timestamptz null, "filed_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "test_reports_changes_idx" on "test_reports" ("updated_at", "id");`);
    this.addSql(
      `create index "test_reports_organization_state_idx" on "test_reports" ("organization_id", "state", "id");`,
    );
    this.addSql(
      `create index "test_reports_assembly_idx" on "test_reports" ("assembly_id", "test_date");`,
    );
    this.addSql(`create index "test_reports_tester_idx" on "test_reports" ("tester_id", "id");`);
    this.addSql(
      `create index "test_reports_filed_by_idx" on "test_reports" ("filed_by_id", "id");`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_key_unique" unique ("key");`,
    );

    this.addSql(
      `alter table "test_reports" add constraint "test_reports_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_assembly_id_foreign" foreign key ("assembly_id") references "assemblies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_registration_id_foreign" foreign key ("registration_id") references "registrations" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_tester_id_foreign" foreign key ("tester_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_filed_by_id_foreign" foreign key ("filed_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_certification_id_foreign" foreign key ("certification_id") references "certifications" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_test_kit_id_foreign" foreign key ("test_kit_id") references "test_kits" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "test_reports" add constraint "test_reports_decided_by_id_foreign" foreign key ("decided_by_id") references "staff_accounts" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`alter table "organizations" add column "test_report_rules" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "test_reports" cascade;`);

    this.addSql(`alter table "organizations" drop column "test_report_rules";`);
  }
}

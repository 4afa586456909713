import { Migration } from '@mikro-orm/migrations';

const STATUSES = `('compliant', 'due', 'overdue', 'failed', 'unknown')`;
const RULES_BEFORE = `'{"mode": "anniversary", "season": null, "earlyDays": 90, "endOfMonth": false, "intervalMonths": {"low": 12, "high": 12}}'`;

// Issue 40, the status: each assembly's compliance status and retest date, the history of every
// change with its reason, and the testing rules' notice window and retest days (existing
// organizations get the defaults). The first night's run computes the status of assemblies
// already on file.
export class Migration20261207205952_assembly_compliance extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "assembly_compliance_changes" ("id" serial primary key, "assembly_id" int not null, "changed_at" timestamptz not null default now(), "on_day" date not null, "from_status" text check ("from_status" in ${STATUSES}) null, "to_status" text check ("to_status" in ${STATUSES}) null, "retest_by" date null, "reason" text check ("reason" in ('assembly_added', 'record_changed', 'test_passed', 'test_failed', 'rules_changed', 'notice_window_reached', 'became_overdue', 'retest_date_passed', 'status_computed', 'imported')) not null);`,
    );
    this.addSql(
      `create index "assembly_compliance_changes_assembly_idx" on "assembly_compliance_changes" ("assembly_id", "id");`,
    );
    this.addSql(
      `alter table "assembly_compliance_changes" add constraint "assembly_compliance_changes_assembly_id_foreign" foreign key ("assembly_id") references "assemblies" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "assemblies" add column "compliance_status" text check ("compliance_status" in ${STATUSES}) null, add column "retest_by" date null;`,
    );
    this.addSql(
      `create index "assemblies_organization_compliance_idx" on "assemblies" ("organization_id", "compliance_status", "id");`,
    );

    this.addSql(
      `alter table "organizations" alter column "testing_rules" set default '{"intervalMonths":{"high":12,"low":12},"mode":"anniversary","season":null,"earlyDays":90,"endOfMonth":false,"noticeDays":60,"retestDays":30}';`,
    );
    this.addSql(
      `update "organizations" set "testing_rules" = '{"noticeDays":60,"retestDays":30}'::jsonb || "testing_rules";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "assembly_compliance_changes" cascade;`);
    this.addSql(`drop index "assemblies_organization_compliance_idx";`);
    this.addSql(
      `alter table "assemblies" drop column "compliance_status", drop column "retest_by";`,
    );
    this.addSql(
      `update "organizations" set "testing_rules" = "testing_rules" - 'noticeDays' - 'retestDays';`,
    );
    this.addSql(
      `alter table "organizations" alter column "testing_rules" set default ${RULES_BEFORE};`,
    );
  }
}

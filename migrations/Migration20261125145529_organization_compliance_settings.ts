import { Migration } from '@mikro-orm/migrations';

/**
 * Two organization settings of the compliance lifecycle: the months between a test kit's
 * calibrations (12 by default) and whether an expired certification is accepted at registration
 * (off by default).
 */
export class Migration20261125145529_organization_compliance_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "organizations" add column "calibration_interval_months" int not null default 12, add column "accept_expired_certifications" boolean not null default false;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "organizations" drop column "calibration_interval_months", drop column "accept_expired_certifications";`,
    );
  }
}

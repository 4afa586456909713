import { Migration } from '@mikro-orm/migrations';

/**
 * Reminders sent (one row per person, item, due date and threshold: the unique index makes each
 * exactly once), the date each test kit's next calibration is due (kept by triggers from its
 * calibration date and its organization's interval, whoever writes them), and the indexes that
 * read certifications and kits by due date.
 */
export class Migration20261125150114_compliance_reminders extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "reminders" ("id" serial primary key, "user_id" int not null, "item_kind" text check ("item_kind" in ('certification', 'calibration')) not null, "item_key" text not null, "item_label" text not null, "due_on" date not null, "threshold_days" int not null, "sent_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "reminders" add constraint "reminders_item_threshold_unique" unique ("user_id", "item_kind", "item_key", "due_on", "threshold_days");`,
    );

    this.addSql(
      `alter table "reminders" add constraint "reminders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "test_kits" add column "calibration_due_on" date null;`);
    this.addSql(
      `create index "test_kits_calibration_due_idx" on "test_kits" ("calibration_due_on", "id") where "submission_id" is not null;`,
    );

    this.addSql(
      `create index "certifications_expires_idx" on "certifications" ("expires_on", "id");`,
    );
    this.addSql(`create index "reminders_user_idx" on "reminders" ("user_id", "sent_at");`);

    this.addSql(`create function test_kits_set_calibration_due() returns trigger language plpgsql as $$
      begin
        new.calibration_due_on := (new.calibrated_on + make_interval(months =>
          (select calibration_interval_months from organizations where id = new.organization_id)))::date;
        return new;
      end $$;`);
    this.addSql(`create trigger test_kits_calibration_due before insert or update of calibrated_on, organization_id
      on test_kits for each row execute function test_kits_set_calibration_due();`);
    this.addSql(`create function organizations_calibration_interval_changed() returns trigger language plpgsql as $$
      begin
        update test_kits set calibration_due_on =
          (calibrated_on + make_interval(months => new.calibration_interval_months))::date
         where organization_id = new.id;
        return null;
      end $$;`);
    this.addSql(`create trigger organizations_calibration_interval after update of calibration_interval_months
      on organizations for each row
      when (old.calibration_interval_months is distinct from new.calibration_interval_months)
      execute function organizations_calibration_interval_changed();`);
    this.addSql(`update test_kits k set calibration_due_on =
      (k.calibrated_on + make_interval(months => o.calibration_interval_months))::date
      from organizations o where o.id = k.organization_id;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger organizations_calibration_interval on organizations;`);
    this.addSql(`drop function organizations_calibration_interval_changed();`);
    this.addSql(`drop trigger test_kits_calibration_due on test_kits;`);
    this.addSql(`drop function test_kits_set_calibration_due();`);
    this.addSql(`drop table if exists "reminders" cascade;`);

    this.addSql(`drop index "certifications_expires_idx";`);

    this.addSql(`drop index "test_kits_calibration_due_idx";`);
    this.addSql(`alter table "test_kits" drop column "calibration_due_on";`);
  }
}

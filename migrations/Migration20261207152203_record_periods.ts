import { Migration } from '@mikro-orm/migrations';

// Issue 39: the record as it stood on a day, for the test report's checks. Each accepted period
// of a certification, a kit's calibration and a credential, and each change of a registration's
// activity, kept by triggers on the items themselves (whoever writes them), and filled from what
// is on file today.

/** An item's trigger: withdraws the period of values no longer accepted, adds the accepted one. */
function periodTrigger(options: {
  table: string;
  periods: string;
  key: string;
  /** The item's values a period keeps, as period column → item column. */
  values: Record<string, string>;
  /** The values naming the period (its unique key, after the item's id). */
  identity: string[];
  /** Period columns an accepted item's update brings up to date. */
  refresh?: string[];
  columns: string[];
}) {
  const { table, periods, key, values, identity } = options;
  const changed = identity.map(
    (column) => `new.${values[column]} is distinct from old.${values[column]}`,
  );
  const sameValues = identity
    .map((column) => `${column} is not distinct from old.${values[column]}`)
    .join(' and ');
  const columns = Object.keys(values);
  const update = [
    ...(options.refresh ?? []).map((c) => `${c} = excluded.${c}`),
    'withdrawn_at = null',
  ];
  return [
    `create function ${table}_keep_periods() returns trigger language plpgsql as $$
      begin
        -- Accepted values changed or taken back while no renewal waits or waited beside them (a
        -- renewal's acceptance keeps the earlier period; a renewal waiting leaves it standing).
        if tg_op = 'UPDATE' and old.review_decision = 'accepted' and old.renewal is null
           and new.renewal is null
           and (new.review_decision <> 'accepted' or ${changed.join(' or ')}) then
          update ${periods} set withdrawn_at = now()
           where ${key} = old.id and ${sameValues} and withdrawn_at is null;
        end if;
        if new.review_decision = 'accepted' then
          insert into ${periods} (${key}, ${columns.join(', ')})
          values (new.id, ${columns.map((c) => `new.${values[c]}`).join(', ')})
          on conflict (${[key, ...identity].join(', ')}) do update set ${update.join(', ')};
        end if;
        return null;
      end $$;`,
    `create trigger ${table}_periods after insert or update of ${options.columns.join(', ')}
      on ${table} for each row execute function ${table}_keep_periods();`,
  ];
}

export class Migration20261207152203_record_periods extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "registration_activity" ("id" serial primary key, "registration_id" int not null, "at" timestamptz not null default now(), "active" boolean not null);`,
    );
    this.addSql(
      `create index "registration_activity_registration_idx" on "registration_activity" ("registration_id", "at");`,
    );

    this.addSql(
      `create table "calibration_periods" ("id" serial primary key, "accepted_at" timestamptz not null default now(), "withdrawn_at" timestamptz null, "test_kit_id" int not null, "calibrated_on" date not null, "due_on" date null);`,
    );
    this.addSql(
      `alter table "calibration_periods" add constraint "calibration_periods_values_unique" unique ("test_kit_id", "calibrated_on");`,
    );

    this.addSql(
      `create table "credential_periods" ("id" serial primary key, "accepted_at" timestamptz not null default now(), "withdrawn_at" timestamptz null, "credential_id" int not null, "valid_through" date null);`,
    );
    this.addSql(
      `create unique index "credential_periods_values_unique" on "credential_periods" ("credential_id", "valid_through") nulls not distinct;`,
    );

    this.addSql(
      `create table "certification_periods" ("id" serial primary key, "accepted_at" timestamptz not null default now(), "withdrawn_at" timestamptz null, "certification_id" int not null, "number" varchar(255) not null, "valid_through" date not null);`,
    );
    this.addSql(
      `alter table "certification_periods" add constraint "certification_periods_values_unique" unique ("certification_id", "number", "valid_through");`,
    );

    this.addSql(
      `alter table "registration_activity" add constraint "registration_activity_registration_id_foreign" foreign key ("registration_id") references "registrations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "calibration_periods" add constraint "calibration_periods_test_kit_id_foreign" foreign key ("test_kit_id") references "test_kits" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "credential_periods" add constraint "credential_periods_credential_id_foreign" foreign key ("credential_id") references "credentials" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "certification_periods" add constraint "certification_periods_certification_id_foreign" foreign key ("certification_id") references "certifications" ("id") on update cascade on delete cascade;`,
    );

    for (const sql of [
      ...periodTrigger({
        table: 'certifications',
        periods: 'certification_periods',
        key: 'certification_id',
        values: { number: 'number', valid_through: 'expires_on' },
        identity: ['number', 'valid_through'],
        columns: ['review_decision', 'number', 'expires_on', 'renewal'],
      }),
      ...periodTrigger({
        table: 'test_kits',
        periods: 'calibration_periods',
        key: 'test_kit_id',
        values: { calibrated_on: 'calibrated_on', due_on: 'calibration_due_on' },
        identity: ['calibrated_on'],
        refresh: ['due_on'],
        columns: ['review_decision', 'calibrated_on', 'calibration_due_on', 'renewal'],
      }),
      ...periodTrigger({
        table: 'credentials',
        periods: 'credential_periods',
        key: 'credential_id',
        values: { valid_through: 'expires_on' },
        identity: ['valid_through'],
        columns: ['review_decision', 'expires_on', 'renewal'],
      }),
    ]) {
      this.addSql(sql);
    }
    this.addSql(`create function registrations_keep_activity() returns trigger language plpgsql as $$
      declare
        active boolean := new.enrolled and new.standing = 'active' and new.user_type is not distinct from 'tester';
      begin
        if tg_op = 'INSERT' or active is distinct from
           (old.enrolled and old.standing = 'active' and old.user_type is not distinct from 'tester') then
          insert into registration_activity (registration_id, active) values (new.id, active);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger registrations_activity after insert or update of enrolled, standing, user_type
      on registrations for each row execute function registrations_keep_activity();`);

    // What is on file today. An accepted item's period starts at its last change (its acceptance
    // or later: never earlier than it was); values standing beside a renewal that waits, from the
    // item's creation.
    this.addSql(`insert into certification_periods (certification_id, number, valid_through, accepted_at)
      select id, number, expires_on, case when review_decision = 'accepted' then updated_at else created_at end
        from certifications
       where review_decision = 'accepted' or (review_decision = 'pending' and renewal is not null);`);
    this.addSql(`insert into calibration_periods (test_kit_id, calibrated_on, due_on, accepted_at)
      select id, calibrated_on, calibration_due_on, case when review_decision = 'accepted' then updated_at else created_at end
        from test_kits
       where review_decision = 'accepted' or (review_decision = 'pending' and renewal is not null);`);
    this.addSql(`insert into credential_periods (credential_id, valid_through, accepted_at)
      select id, expires_on, case when review_decision = 'accepted' then updated_at else created_at end
        from credentials
       where review_decision = 'accepted' or (review_decision = 'pending' and renewal is not null);`);
    // A registration enrolled was active from its last decision; one no longer in good standing
    // stopped being so when its standing last changed.
    this.addSql(`insert into registration_activity (registration_id, at, active)
      select id, coalesce(reviewed_at, registered_at), true from registrations
       where enrolled and user_type is not distinct from 'tester'
      union all
      select id, greatest(coalesce(standing_changed_at, now()), coalesce(reviewed_at, registered_at)), false
        from registrations
       where enrolled and user_type is not distinct from 'tester' and standing <> 'active'
      union all
      select id, registered_at, false from registrations
       where not (enrolled and user_type is not distinct from 'tester');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger registrations_activity on registrations;`);
    this.addSql(`drop function registrations_keep_activity();`);
    for (const table of ['certifications', 'test_kits', 'credentials']) {
      this.addSql(`drop trigger ${table}_periods on ${table};`);
      this.addSql(`drop function ${table}_keep_periods();`);
    }
    this.addSql(`drop table if exists "registration_activity" cascade;`);

    this.addSql(`drop table if exists "calibration_periods" cascade;`);

    this.addSql(`drop table if exists "credential_periods" cascade;`);

    this.addSql(`drop table if exists "certification_periods" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The tables the integration API reads by change time (api/src/modules/integrations). */
const SYNCED_TABLES = [
  'organizations',
  'registrations',
  'users',
  'companies',
  'certifications',
  'test_kits',
] as const;

// Issue 29: API keys, webhook endpoints, events, deliveries and their attempts, and a change
// time the database itself keeps on every synced row.
//
// - Each synced row's updated_at is the clock at the moment of its write (a trigger, so plain
//   SQL, the unit of work and scripts alike set it); the API pages by (updated_at, id) and serves
//   only rows older than its oldest open transaction, so a row committed late is never behind a
//   client's cursor (docs/decisions.md).
// - An event's deliveries are written by the event's own insert (a trigger: one per enabled
//   endpoint whose types and organization match), so they commit or roll back with the change
//   that caused them; their insert notifies `webhook_due` as the email outbox does.
export class Migration20261127090000_integrations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create function "touch_updated_at"() returns trigger language plpgsql as $$
       begin
         new."updated_at" := clock_timestamp();
         return new;
       end $$;`,
    );
    for (const table of SYNCED_TABLES) {
      this.addSql(
        `create trigger "${table}_touch_updated_at" before insert or update on "${table}" for each row execute function "touch_updated_at"();`,
      );
      this.addSql(`create index "${table}_changes_idx" on "${table}" ("updated_at", "id");`);
    }

    this.addSql(
      `create table "api_keys" ("id" serial primary key, "name" varchar(100) not null, "organization_id" int null, "can_fetch_documents" boolean not null default false, "hint" varchar(20) not null, "secret_hash" char(64) not null, "created_by_id" int null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, "revoked_at" timestamptz null, "revoked_by_id" int null, constraint "api_keys_secret_hash_unique" unique ("secret_hash"));`,
    );
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade, add constraint "api_keys_created_by_id_foreign" foreign key ("created_by_id") references "staff_accounts" ("id") on update cascade on delete set null, add constraint "api_keys_revoked_by_id_foreign" foreign key ("revoked_by_id") references "staff_accounts" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "webhook_endpoints" ("id" serial primary key, "url" text not null, "description" varchar(200) not null default '', "event_types" text[] not null, "organization_id" int null, "secret_sealed" text not null, "previous_secret_sealed" text null, "previous_secret_until" timestamptz null, "disabled_at" timestamptz null, "disabled_reason" text null, "failing_since" timestamptz null, "created_by_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "webhook_endpoints_event_types_check" check (cardinality("event_types") > 0));`,
    );
    this.addSql(
      `alter table "webhook_endpoints" add constraint "webhook_endpoints_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade, add constraint "webhook_endpoints_created_by_id_foreign" foreign key ("created_by_id") references "staff_accounts" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "webhook_events" ("id" bigserial primary key, "webhook_id" varchar(40) not null default ('msg_' || replace(gen_random_uuid()::text, '-', '')), "type" varchar(60) not null, "organization_ids" int[] not null default '{}', "dedupe_key" varchar(255) null, "occurred_at" timestamptz not null default clock_timestamp(), "data" jsonb not null, constraint "webhook_events_webhook_id_unique" unique ("webhook_id"), constraint "webhook_events_dedupe_key_unique" unique ("dedupe_key"));`,
    );
    this.addSql(
      `create index "webhook_events_occurred_idx" on "webhook_events" ("occurred_at", "id");`,
    );

    this.addSql(
      `create table "webhook_deliveries" ("id" bigserial primary key, "event_id" bigint not null, "endpoint_id" int not null, "status" text not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "locked_until" timestamptz null, "last_response_status" int null, "delivered_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "webhook_deliveries_event_endpoint_unique" unique ("event_id", "endpoint_id"), constraint "webhook_deliveries_status_check" check ("status" in ('pending', 'delivered', 'failed')));`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_id_foreign" foreign key ("event_id") references "webhook_events" ("id") on update cascade on delete cascade, add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "webhook_deliveries_due_idx" on "webhook_deliveries" ("next_attempt_at") where "status" = 'pending';`,
    );
    this.addSql(
      `create index "webhook_deliveries_endpoint_idx" on "webhook_deliveries" ("endpoint_id", "id");`,
    );

    this.addSql(
      `create table "webhook_attempts" ("id" bigserial primary key, "delivery_id" bigint not null, "attempt" int not null, "attempted_at" timestamptz not null, "duration_ms" int not null, "response_status" int null, "error_code" text null, "error_message" text null, "response_body" text null);`,
    );
    this.addSql(
      `alter table "webhook_attempts" add constraint "webhook_attempts_delivery_id_foreign" foreign key ("delivery_id") references "webhook_deliveries" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "webhook_attempts_delivery_idx" on "webhook_attempts" ("delivery_id", "id");`,
    );

    this.addSql(
      `create function "webhook_event_fan_out"() returns trigger language plpgsql as $$
       begin
         insert into "webhook_deliveries" ("event_id", "endpoint_id")
           select new."id", e."id" from "webhook_endpoints" e
           where e."disabled_at" is null and new."type" = any(e."event_types")
             and (e."organization_id" is null or e."organization_id" = any(new."organization_ids"));
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "webhook_events_fan_out" after insert on "webhook_events" for each row execute function "webhook_event_fan_out"();`,
    );
    this.addSql(
      `create function "webhook_due"() returns trigger language plpgsql as $$
       begin
         perform pg_notify('webhook_due', '');
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "webhook_deliveries_staged" after insert on "webhook_deliveries" for each statement execute function "webhook_due"();`,
    );
    this.addSql(
      `create trigger "webhook_deliveries_due_again" after update of "status", "next_attempt_at" on "webhook_deliveries"
         for each row when (new."status" = 'pending' and new."next_attempt_at" <= now() and old."status" <> 'pending')
         execute function "webhook_due"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_attempts" cascade;`);
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_events" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
    this.addSql(`drop table if exists "api_keys" cascade;`);
    this.addSql(`drop function if exists "webhook_due"();`);
    this.addSql(`drop function if exists "webhook_event_fan_out"();`);
    for (const table of SYNCED_TABLES) {
      this.addSql(`drop index if exists "${table}_changes_idx";`);
      this.addSql(`drop trigger if exists "${table}_touch_updated_at" on "${table}";`);
    }
    this.addSql(`drop function if exists "touch_updated_at"();`);
  }
}

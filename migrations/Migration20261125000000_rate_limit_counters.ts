import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit counters shared by every app instance (rate-limiter-flexible's PostgreSQL
 * layout). Unlogged: a counter is written on every counted request and is worth nothing after
 * a crash, so its writes skip the WAL; PostgreSQL empties the table after crash recovery.
 * Created here rather than by the library at start-up, where instances starting together on
 * an empty database would race to create it. Its own schema keeps it out of the entities'
 * schema comparison, like pg-boss's tables.
 */
export class Migration20261125000000_rate_limit_counters extends Migration {
  override async up(): Promise<void> {
    this.addSql('create schema "shared_state";');
    this.addSql(
      `create unlogged table "shared_state"."rate_limit_counters" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop schema "shared_state" cascade;');
  }
}

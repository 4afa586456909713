import { Migration } from '@mikro-orm/migrations';

/**
 * The users list's name order index also carries the raw names (INCLUDE), so a deep page finds
 * its ids with an index-only scan instead of visiting every skipped row in the table.
 */
export class Migration20261122020606_users_name_order_covering extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "users_name_order_idx";`);
    this.addSql(
      `create index "users_name_order_covering_idx" on "users" (lower("last_name"), lower("first_name"), "id") include ("last_name", "first_name");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "users_name_order_covering_idx";`);
    this.addSql(
      `create index "users_name_order_idx" on "users" (lower("last_name"), lower("first_name"), "id");`,
    );
  }
}

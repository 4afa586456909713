import { Migration } from '@mikro-orm/migrations';

/**
 * Company matching compares a name with the names of the same state: one GIN index over the
 * state (btree_gin) and the name's trigrams gives those candidates alone, where the name-only
 * index gave every similar name in the country for the state to be checked row by row.
 */
export class Migration20261122100801_company_state_name_trigrams extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists btree_gin;');
    this.addSql(
      `create index "companies_state_name_trgm_idx" on "companies" using gin ("state", "name_key" gin_trgm_ops);`,
    );
    this.addSql(`drop index "companies_name_key_trgm_idx";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `create index "companies_name_key_trgm_idx" on "companies" using gin ("name_key" gin_trgm_ops);`,
    );
    this.addSql(`drop index "companies_state_name_trgm_idx";`);
    this.addSql('drop extension if exists btree_gin;');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Possible company matches are the ten names of the state nearest the typed one. A GiST index
 * over the state (btree_gist) and the name's trigrams hands them over nearest first, where the
 * GIN index gave every similar name to be scored and sorted: thousands when many companies of
 * one state share most of their name ("… Backflow Testing").
 */
export class Migration20261122120505_company_state_name_nearest extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists btree_gist;');
    this.addSql(
      `create index "companies_state_name_trgm_gist_idx" on "companies" using gist ("state", "name_key" gist_trgm_ops);`,
    );
    this.addSql(`drop index "companies_state_name_trgm_idx";`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `create index "companies_state_name_trgm_idx" on "companies" using gin ("state", "name_key" gin_trgm_ops);`,
    );
    this.addSql(`drop index "companies_state_name_trgm_gist_idx";`);
    this.addSql('drop extension if exists btree_gist;');
  }
}

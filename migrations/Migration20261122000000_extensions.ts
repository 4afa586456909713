import { Migration } from '@mikro-orm/migrations';

/** pg_trgm powers company matching (similarity) and contains-search on names. */
export class Migration20261122000000_extensions extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');
  }

  override async down(): Promise<void> {
    this.addSql('drop extension if exists pg_trgm;');
  }
}

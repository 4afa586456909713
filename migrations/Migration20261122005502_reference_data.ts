import { Migration } from '@mikro-orm/migrations';

// The approved agencies and a starting set of certification types. Seeded by a migration so it
// happens exactly once: staff may rename or delete them later and a restart will not undo that.
const AGENCY_TYPES: Record<string, string[]> = {
  AWWA: ['Backflow Prevention Assembly Tester', 'Cross-Connection Control Specialist'],
  ABPA: ['Backflow Prevention Assembly Tester', 'Backflow Prevention Assembly Repairer'],
  ASSE: [
    'Backflow Prevention Assembly Tester',
    'Backflow Prevention Assembly Repairer',
    'Cross-Connection Control Surveyor',
  ],
};

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

export class Migration20261122005502_reference_data extends Migration {
  override async up(): Promise<void> {
    const agencies = Object.keys(AGENCY_TYPES);
    const types = [...new Set(Object.values(AGENCY_TYPES).flat())];
    this.addSql(
      `insert into "certification_agencies" ("name") values ${agencies.map((a) => `(${quote(a)})`).join(', ')} on conflict do nothing;`,
    );
    this.addSql(
      `insert into "certification_types" ("name") values ${types.map((t) => `(${quote(t)})`).join(', ')} on conflict do nothing;`,
    );
    for (const [agency, agencyTypes] of Object.entries(AGENCY_TYPES)) {
      this.addSql(
        `insert into "agency_types" ("agency_id", "type_id")
         select a.id, t.id from "certification_agencies" a, "certification_types" t
         where a.name = ${quote(agency)} and t.name in (${agencyTypes.map(quote).join(', ')})
         on conflict do nothing;`,
      );
    }
  }

  override async down(): Promise<void> {
    this.addSql('delete from "agency_types";');
    this.addSql('delete from "certification_types";');
    this.addSql('delete from "certification_agencies";');
  }
}

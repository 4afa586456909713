import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../db/sql.js';

// When each organization's directory last changed, for its pages' Last-Modified: the listing's
// version (an md5 of everything it shows, queries.ts) is kept with the time an instance first
// read it, in the database so every instance answers alike. Reading an unchanged directory
// writes nothing.

type VersionParams = { organizationId: number; version: string; readAt: Date };

// Another instance may record the same change at once: the first write stands (its time), and
// a version read before a change never takes the place of a later one's time.
const RECORD = sql<VersionParams>(
  'directory-version-record',
  `insert into directory_versions (organization_id, version, changed_at)
   values (:organizationId, :version, :readAt)
   on conflict (organization_id) do update
      set version = excluded.version,
          changed_at = greatest(excluded.changed_at, directory_versions.changed_at)
    where directory_versions.version <> excluded.version
   returning changed_at`,
);

/**
 * The time the directory last changed: when this version was first read. The listing's own
 * statement reads the recorded one (`known`); only a new version is written.
 */
export async function directoryChangedAt(
  em: EntityManager,
  listing: {
    organizationId: number;
    version: string;
    asOf: Date;
    known: { version: string; changedAt: Date } | null;
  },
): Promise<Date> {
  if (listing.known?.version === listing.version) return listing.known.changedAt;
  const [recorded] = await query<{ changed_at: Date }, VersionParams>(em, RECORD, {
    organizationId: listing.organizationId,
    version: listing.version,
    readAt: listing.asOf,
  });
  return new Date(recorded?.changed_at ?? listing.asOf);
}

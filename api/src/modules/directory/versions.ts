import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../db/sql.js';

// When each organization's directory last changed, for its pages' Last-Modified: the listing's
// version (an md5 of everything it shows, queries.ts) is kept with the time an instance first
// read it, in the database so every instance answers alike. Reading an unchanged directory
// writes nothing.

type VersionParams = { organizationId: number; version: string; readAt: Date };

const KNOWN = sql<Pick<VersionParams, 'organizationId'>>(
  'directory-version',
  'select version, changed_at from directory_versions where organization_id = :organizationId',
);

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

/** The time the directory last changed: when this version was first read. */
export async function directoryChangedAt(
  em: EntityManager,
  listing: { organizationId: number; version: string; asOf: Date },
): Promise<Date> {
  const organizationId = listing.organizationId;
  const [known] = await query<{ version: string; changed_at: Date }, { organizationId: number }>(
    em,
    KNOWN,
    { organizationId },
  );
  if (known?.version === listing.version) return new Date(known.changed_at);
  const [recorded] = await query<{ changed_at: Date }, VersionParams>(em, RECORD, {
    organizationId,
    version: listing.version,
    readAt: listing.asOf,
  });
  return new Date(recorded?.changed_at ?? listing.asOf);
}

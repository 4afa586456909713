import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { migrationsList } from '../../../migrations/index.js';
import { entities } from './entities/index.js';

export type Orm = MikroORM;

const here = path.dirname(fileURLToPath(import.meta.url));
/** The migrations folder; new migrations are generated from the source tree (npm run db:migration:create). */
const migrationsFolder = path.resolve(here, '../../../migrations');

export interface OrmOptions {
  databaseUrl: string;
  poolMax?: number;
  debug?: boolean;
}

export function ormOptions({ databaseUrl, poolMax = 10, debug = false }: OrmOptions): Options {
  return {
    entities,
    clientUrl: databaseUrl,
    debug,
    // Entities are given as schemas; nothing is discovered from files at run time.
    discovery: { warnWhenNoEntities: true },
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    driverOptions: {
      // Fail fast when the database is unreachable instead of queueing for a minute.
      acquireConnectionTimeout: 5_000,
      connection: { connectionTimeoutMillis: 3_000 },
    },
    extensions: [Migrator],
    migrations: {
      migrationsList,
      path: migrationsFolder,
      pathTs: migrationsFolder,
      tableName: 'mikro_orm_migrations',
      snapshotName: '.snapshot-backflow',
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
      silent: true,
    },
    // Tables that belong to libraries (pg-boss's queue, the shared rate-limit counters) are
    // created by them or by a raw migration, and have no entities.
    schemaGenerator: { ignoreSchema: ['pgboss', 'shared_state'] },
    // Keep the schema generator out of production paths: migrations are the only source.
    allowGlobalContext: false,
  };
}

/** Connects and returns the ORM; does not touch the schema. */
export async function createOrm(options: OrmOptions): Promise<Orm> {
  return MikroORM.init(ormOptions(options));
}

/** Applies every pending migration. */
export async function migrate(orm: Orm): Promise<void> {
  await orm.getMigrator().up();
}

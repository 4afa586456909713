import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { clusterDirFor, makeTempFolder, startEmbeddedPostgres } from './embedded-postgres.js';

export interface Database {
  url: string;
  /** True when this process started the server (and must stop it). */
  embedded: boolean;
  /** The embedded cluster's folder. */
  dataDir?: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL the process uses: the server at DATABASE_URL when set, otherwise an embedded
 * one with its data under DATA_DIR/postgres.
 */
export async function startDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  options: {
    ephemeral?: boolean;
    onLog?: (line: string) => void;
    /** Embedded server only: more settings (see EmbeddedOptions). */
    settings?: Record<string, string>;
  } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  await mkdir(config.dataDir, { recursive: true, mode: 0o755 });
  const temp = options.ephemeral ? await makeTempFolder('backflow-pg-') : undefined;
  const server = await startEmbeddedPostgres({
    dataDir: temp ? path.join(temp, 'pg') : clusterDirFor(path.join(config.dataDir, 'postgres')),
    removeOnStop: temp,
    unsafeFast: options.ephemeral,
    settings: options.settings,
    onLog: options.onLog,
  });
  options.onLog?.(`embedded PostgreSQL on port ${server.port}, data in ${server.dataDir}`);
  return { url: server.url, embedded: true, dataDir: server.dataDir, stop: () => server.stop() };
}

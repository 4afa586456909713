import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { TAssemblyStatus, TAssemblyType } from '../../../../shared/assemblies.js';
import type {
  TFieldAssemblyRow,
  TFieldLocationRow,
  TFieldRecord,
} from '../../../../shared/test-report-field.js';
import type { TKeptReport } from './draft.js';

// What the phone keeps for the test form, in IndexedDB: the person's field record (the
// organizations they file with and the record the checks read), each organization's
// assemblies and locations with the position its inventory was kept up to, and the reports
// (in progress, waiting to be sent, filed, returned). Searches read the indexes, so a
// 100,000-assembly inventory answers a few letters at once.

export const DATABASE = 'backflow-field';
const VERSION = 1;

export interface TKeptAssembly {
  id: number;
  organizationId: number;
  locationId: number;
  assemblyId: string;
  serial: string;
  type: TAssemblyType;
  status: TAssemblyStatus;
  installedOn: string | null;
  /** Lower-cased, for searching by the start of each. */
  assemblyKey: string;
  serialKey: string;
}

export interface TKeptLocation {
  id: number;
  organizationId: number;
  address: string;
  addressKey: string;
}

interface TFieldSchema extends DBSchema {
  records: { key: number; value: { personId: number; record: TFieldRecord } };
  assemblies: {
    key: number;
    value: TKeptAssembly;
    indexes: {
      byAssemblyId: [number, string];
      bySerial: [number, string];
      byLocation: [number, number];
      byOrganization: number;
    };
  };
  locations: {
    key: number;
    value: TKeptLocation;
    indexes: { byAddress: [number, string]; byOrganization: number };
  };
  /** Each organization's inventory streams: how far they were kept (the page cursor). */
  positions: { key: string; value: { key: string; organizationId: number; cursor: string } };
  reports: {
    key: string;
    value: TKeptReport;
    indexes: { byPerson: number };
  };
}

let opened: Promise<IDBPDatabase<TFieldSchema>> | undefined;

/** The store, opened once per page. */
export function fieldStore(): Promise<IDBPDatabase<TFieldSchema>> {
  opened ??= openDB<TFieldSchema>(DATABASE, VERSION, {
    upgrade(db) {
      db.createObjectStore('records', { keyPath: 'personId' });
      const assemblies = db.createObjectStore('assemblies', { keyPath: 'id' });
      assemblies.createIndex('byAssemblyId', ['organizationId', 'assemblyKey']);
      assemblies.createIndex('bySerial', ['organizationId', 'serialKey']);
      assemblies.createIndex('byLocation', ['organizationId', 'locationId']);
      assemblies.createIndex('byOrganization', 'organizationId');
      const locations = db.createObjectStore('locations', { keyPath: 'id' });
      locations.createIndex('byAddress', ['organizationId', 'addressKey']);
      locations.createIndex('byOrganization', 'organizationId');
      db.createObjectStore('positions', { keyPath: 'key' });
      const reports = db.createObjectStore('reports', { keyPath: 'key' });
      reports.createIndex('byPerson', 'personId');
    },
  });
  return opened;
}

/** Whether this browser can keep anything (private modes and old browsers may not). */
export const canKeep = () => typeof indexedDB !== 'undefined';

/** Every store, in the schema's order (the device's copy forgets them all: device-copy.ts). */
export const STORES = ['records', 'assemblies', 'locations', 'positions', 'reports'] as const;

// ---- The person's record ----

/** The record kept for the person signed in last (one phone may serve two testers in turn). */
export async function keptRecord(personId?: number): Promise<TFieldRecord | null> {
  const db = await fieldStore();
  if (personId !== undefined) return (await db.get('records', personId))?.record ?? null;
  const all = await db.getAll('records');
  const latest = all.sort((a, b) => b.record.keptAt.localeCompare(a.record.keptAt))[0];
  return latest?.record ?? null;
}

/**
 * Keeps the person's record, and forgets the inventory of organizations no one kept on this
 * phone files with any more.
 */
export async function keepRecord(record: TFieldRecord): Promise<void> {
  const db = await fieldStore();
  await db.put('records', { personId: record.person.id, record });
  const wanted = new Set(
    (await db.getAll('records')).flatMap((kept) =>
      kept.record.organizations.map((organization) => organization.id),
    ),
  );
  const positions = await db.getAll('positions');
  for (const organizationId of new Set(positions.map((position) => position.organizationId))) {
    if (!wanted.has(organizationId)) await forgetInventory(organizationId);
  }
}

async function forgetInventory(organizationId: number) {
  const db = await fieldStore();
  const tx = db.transaction(['assemblies', 'locations', 'positions'], 'readwrite');
  for (const store of ['assemblies', 'locations'] as const) {
    let cursor = await tx.objectStore(store).index('byOrganization').openCursor(organizationId);
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  for (const stream of ['assemblies', 'locations']) {
    await tx.objectStore('positions').delete(`${organizationId}:${stream}`);
  }
  await tx.done;
}

// ---- The inventory ----

export type TStream = 'assemblies' | 'locations';

export async function keptPosition(organizationId: number, stream: TStream) {
  const db = await fieldStore();
  return (await db.get('positions', `${organizationId}:${stream}`))?.cursor;
}

/** Keeps a page of a stream and the position after it, in one transaction. */
export async function keepPage(
  organizationId: number,
  stream: TStream,
  rows: TFieldAssemblyRow[] | TFieldLocationRow[],
  cursor: string | null,
): Promise<void> {
  const db = await fieldStore();
  const tx = db.transaction([stream, 'positions'], 'readwrite');
  const writes: Promise<unknown>[] = [];
  if (stream === 'assemblies') {
    const store = tx.objectStore('assemblies');
    for (const [
      id,
      locationId,
      assemblyId,
      serial,
      type,
      status,
      installedOn,
    ] of rows as TFieldAssemblyRow[]) {
      writes.push(
        store.put({
          id,
          organizationId,
          locationId,
          assemblyId,
          serial,
          type,
          status,
          installedOn,
          assemblyKey: assemblyId.toLowerCase(),
          serialKey: serial.toLowerCase(),
        }),
      );
    }
  } else {
    const store = tx.objectStore('locations');
    for (const [id, address] of rows as TFieldLocationRow[]) {
      writes.push(store.put({ id, organizationId, address, addressKey: address.toLowerCase() }));
    }
  }
  if (cursor) {
    const position = { key: `${organizationId}:${stream}`, organizationId, cursor };
    writes.push(tx.objectStore('positions').put(position));
  }
  await Promise.all([...writes, tx.done]);
}

export interface TFoundAssembly extends TKeptAssembly {
  address: string;
}

const startsWith = (organizationId: number, prefix: string) =>
  IDBKeyRange.bound([organizationId, prefix], [organizationId, `${prefix}\uffff`]);

/**
 * The organization's assemblies whose assembly ID, serial or address starts with the words
 * typed (case ignored), at most `limit`.
 */
export async function findAssemblies(
  organizationId: number,
  typed: string,
  limit = 20,
): Promise<TFoundAssembly[]> {
  const prefix = typed.trim().toLowerCase();
  if (!prefix) return [];
  const db = await fieldStore();
  const tx = db.transaction(['assemblies', 'locations'], 'readonly');
  const assemblies = tx.objectStore('assemblies');
  const found = new Map<number, TKeptAssembly>();
  for (const index of ['byAssemblyId', 'bySerial'] as const) {
    const range = startsWith(organizationId, prefix);
    for (const assembly of await assemblies.index(index).getAll(range, limit)) {
      found.set(assembly.id, assembly);
    }
  }
  const locations = await tx
    .objectStore('locations')
    .index('byAddress')
    .getAll(startsWith(organizationId, prefix), limit);
  for (const location of locations) {
    if (found.size >= limit) break;
    const atLocation = await assemblies
      .index('byLocation')
      .getAll(IDBKeyRange.only([organizationId, location.id]));
    for (const assembly of atLocation) found.set(assembly.id, assembly);
  }
  const chosen = [...found.values()].slice(0, limit);
  const addresses = new Map(locations.map((location) => [location.id, location.address]));
  for (const assembly of chosen) {
    if (!addresses.has(assembly.locationId)) {
      addresses.set(
        assembly.locationId,
        (await tx.objectStore('locations').get(assembly.locationId))?.address ?? '',
      );
    }
  }
  await tx.done;
  return chosen.map((assembly) => ({
    ...assembly,
    address: addresses.get(assembly.locationId) ?? '',
  }));
}

/** One kept assembly with its address. */
export async function keptAssembly(id: number): Promise<TFoundAssembly | null> {
  const db = await fieldStore();
  const assembly = await db.get('assemblies', id);
  if (!assembly) return null;
  const location = await db.get('locations', assembly.locationId);
  return { ...assembly, address: location?.address ?? '' };
}

// ---- The reports ----

export async function keptReports(personId: number): Promise<TKeptReport[]> {
  const db = await fieldStore();
  const reports = await db.getAllFromIndex('reports', 'byPerson', personId);
  return reports.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

export async function keptReport(key: string): Promise<TKeptReport | null> {
  return (await (await fieldStore()).get('reports', key)) ?? null;
}

export async function keepReport(report: TKeptReport): Promise<void> {
  await (await fieldStore()).put('reports', report);
}

export async function forgetReport(key: string): Promise<void> {
  await (await fieldStore()).delete('reports', key);
}

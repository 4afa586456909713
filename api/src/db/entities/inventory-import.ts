import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { TImportSummary } from '../../../../shared/inventory-import.js';
import { IMPORT_CHANGE_KINDS, IMPORT_STATES } from '../../../../shared/inventory-import.js';
import { baseProperties } from './base.js';
import { Organization } from './organization.js';
import { StaffAccount } from './staff.js';

/**
 * An import of an organization's inventory from the utility's file: the file (kept in document
 * storage under storageKey until it is applied or replaced), the columns chosen for each field,
 * and the plan's state. inventoryFingerprint is what the inventory was when the plan was made;
 * applying a plan made of another inventory plans again.
 */
export const InventoryImport = defineEntity({
  name: 'InventoryImport',
  tableName: 'inventory_imports',
  properties: {
    ...baseProperties(),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    createdBy: () => p.manyToOne(StaffAccount).nullable().deleteRule('set null'),
    fileName: p.string().length(255).default(''),
    /** 'csv' or 'xlsx', by content. */
    fileKind: p.string().length(10).nullable(),
    storageKey: p.string().length(36).nullable(),
    fileSha256: p.string().length(64).nullable(),
    fileSize: p.bigint('number').default(0),
    state: p
      .enum([...IMPORT_STATES])
      .columnType('text')
      .default('empty'),
    rowsRead: p.integer().default(0),
    headers: p.json<string[]>().default('[]'),
    mapping: p.json<Record<string, string | null>>().default('{}'),
    markMissingRemoved: p.boolean().default(false),
    summary: p.json<TImportSummary>().nullable(),
    error: p.text().nullable(),
    /** The file's sha256 the plan was made from. */
    plannedSha256: p.string().length(64).nullable(),
    inventoryFingerprint: p.text().nullable(),
    appliedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'inventory_imports_organization_idx', properties: ['organization'] }],
});
export type TInventoryImport = InferEntity<typeof InventoryImport>;

/**
 * One line of an import's plan: a location or an assembly of the file (new, changed, unchanged
 * or refused, with its spreadsheet row) or an assembly of the inventory the file lacks
 * (missing). `fields` are the values to write, `before`/`after` the audit's snapshots.
 */
export const InventoryImportEntry = defineEntity({
  name: 'InventoryImportEntry',
  tableName: 'inventory_import_entries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    inventoryImport: () => p.manyToOne(InventoryImport).deleteRule('cascade'),
    row: p.integer().nullable(),
    kind: p.enum([...IMPORT_CHANGE_KINDS]).columnType('text'),
    entity: p.string().length(10),
    key: p.string().length(50),
    /** The record it changes (changed, unchanged, missing). */
    targetId: p.integer().nullable(),
    changes: p.json<unknown[]>().default('[]'),
    refusals: p.json<unknown[]>().default('[]'),
    fields: p.json<Record<string, unknown>>().nullable(),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [
    {
      name: 'inventory_import_entries_kind_idx',
      properties: ['inventoryImport', 'kind', 'entity', 'id'],
    },
    {
      name: 'inventory_import_entries_key_idx',
      expression:
        'create index "inventory_import_entries_key_idx" on "inventory_import_entries" ("inventory_import_id", "entity", lower("key"))',
    },
  ],
});
export type TInventoryImportEntry = InferEntity<typeof InventoryImportEntry>;

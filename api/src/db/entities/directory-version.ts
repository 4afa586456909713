import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Organization } from './organization.js';

/**
 * What an organization's public directory showed when last read (an md5 of it, from the
 * listing's statement) and when that first happened: its pages' Last-Modified, alike on every
 * instance (api/src/modules/directory/versions.ts).
 */
export const DirectoryVersion = defineEntity({
  name: 'DirectoryVersion',
  tableName: 'directory_versions',
  properties: {
    organization: () => p.manyToOne(Organization).primary().deleteRule('cascade'),
    version: p.string().length(32),
    changedAt: p.datetime(),
  },
});
export type TDirectoryVersion = InferEntity<typeof DirectoryVersion>;

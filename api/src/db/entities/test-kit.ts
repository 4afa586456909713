import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { baseProperties } from './base.js';
import { Company } from './company.js';
import { Document } from './document.js';
import { Organization } from './organization.js';
import { Submission } from './submission.js';

/** A test kit owned by a service provider, as submitted with a registration. */
export const TestKit = defineEntity({
  name: 'TestKit',
  tableName: 'test_kits',
  properties: {
    ...baseProperties(),
    company: () => p.manyToOne(Company).deleteRule('cascade'),
    organization: () => p.manyToOne(Organization).nullable().deleteRule('cascade'),
    submission: () => p.manyToOne(Submission).nullable().deleteRule('set null'),
    serial: p.string().length(255),
    manufacturer: p.string().length(255),
    model: p.string().length(255),
    calibratedOn: p.date(),
    document: () => p.manyToOne(Document).nullable().deleteRule('set null'),
  },
  indexes: [
    { name: 'test_kits_company_idx', properties: ['company'] },
    { name: 'test_kits_organization_created_idx', properties: ['organization', 'createdAt'] },
  ],
});
export type TTestKit = InferEntity<typeof TestKit>;

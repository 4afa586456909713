import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { baseProperties } from './base.js';

/** An approved certification agency (AWWA, ABPA, ASSE …); names unique case-insensitively. */
export const CertificationAgency = defineEntity({
  name: 'CertificationAgency',
  tableName: 'certification_agencies',
  properties: {
    ...baseProperties(),
    name: p.string().length(255),
  },
  uniques: [
    {
      name: 'certification_agencies_name_lower_unique',
      expression:
        'create unique index "certification_agencies_name_lower_unique" on "certification_agencies" (lower("name"))',
    },
  ],
});
export type TCertificationAgency = InferEntity<typeof CertificationAgency>;

/** A certification type (Backflow Prevention Assembly Tester …); names unique case-insensitively. */
export const CertificationType = defineEntity({
  name: 'CertificationType',
  tableName: 'certification_types',
  properties: {
    ...baseProperties(),
    name: p.string().length(255),
  },
  uniques: [
    {
      name: 'certification_types_name_lower_unique',
      expression:
        'create unique index "certification_types_name_lower_unique" on "certification_types" (lower("name"))',
    },
  ],
});
export type TCertificationType = InferEntity<typeof CertificationType>;

/** A type an agency certifies: the row exists while the association is enabled. */
export const AgencyType = defineEntity({
  name: 'AgencyType',
  tableName: 'agency_types',
  properties: {
    agency: () => p.manyToOne(CertificationAgency).primary().deleteRule('cascade'),
    type: () => p.manyToOne(CertificationType).primary().deleteRule('cascade'),
  },
});
export type TAgencyType = InferEntity<typeof AgencyType>;

import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { baseProperties } from './base.js';

/**
 * A service provider (testing company). The *Key columns hold normalized forms used for
 * matching; they are written by the registration module's normalizer, never by hand.
 */
export const Company = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: {
    ...baseProperties(),
    name: p.string().length(255),
    phone: p.string().length(50).default(''),
    address1: p.string().length(255),
    address2: p.string().length(255).default(''),
    city: p.string().length(255),
    state: p.string().length(2),
    zip: p.string().length(255),
    nameKey: p.string().length(255),
    addressKey: p.string().length(255),
    cityKey: p.string().length(255),
    zip5: p.string().length(10),
    phoneKey: p.string().length(50).default(''),
  },
  indexes: [
    { name: 'companies_changes_idx', properties: ['updatedAt', 'id'] },
    { name: 'companies_state_name_key_idx', properties: ['state', 'nameKey'] },
    { name: 'companies_address_zip_idx', properties: ['addressKey', 'zip5'] },
    { name: 'companies_phone_key_idx', properties: ['phoneKey'] },
    {
      // btree_gist: the names of one state, nearest first (possible matches read the ten
      // closest instead of scoring every similar name).
      name: 'companies_state_name_trgm_gist_idx',
      expression:
        'create index "companies_state_name_trgm_gist_idx" on "companies" using gist ("state", "name_key" gist_trgm_ops)',
    },
  ],
});
export type TCompany = InferEntity<typeof Company>;

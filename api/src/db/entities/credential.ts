import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CREDENTIAL_HOLDERS } from '../../../../shared/requirements.js';
import { baseProperties } from './base.js';

/**
 * A kind of credential an organization can ask for beyond certifications (insurance, a licence,
 * training): who holds it, whether it expires, and which facts it carries (shared/requirements.ts).
 * Names unique case-insensitively.
 */
export const CredentialType = defineEntity({
  name: 'CredentialType',
  tableName: 'credential_types',
  properties: {
    ...baseProperties(),
    name: p.string().length(255),
    holder: p.enum([...CREDENTIAL_HOLDERS]).columnType('text'),
    expires: p.boolean(),
    facts: p.array().columnType('text[]').defaultRaw("'{}'"),
  },
  uniques: [
    {
      name: 'credential_types_name_lower_unique',
      expression:
        'create unique index "credential_types_name_lower_unique" on "credential_types" (lower("name"))',
    },
  ],
});
export type TCredentialTypeRow = InferEntity<typeof CredentialType>;

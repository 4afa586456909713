import { sql } from '../../db/sql.js';

/** The language a person's registration for an organization was made in. */
export const REGISTRANT_LANGUAGE = sql<{ userId: number; organizationId: number }>(
  'registrant-language',
  `select language from registrations
    where user_id = :userId and organization_id = :organizationId`,
);

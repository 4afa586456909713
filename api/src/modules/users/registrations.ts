import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.js';
import { standingFields } from '../standing/records.js';
import { type RegistrationConditions, registrationPage } from './registration-queries.js';

export { REGISTRATION_SORT_FIELDS } from './registration-queries.js';

/** A person's registration for an organization, as the console lists them, with its standing. */
interface RegistrationRecord extends ReturnType<typeof standingFields> {
  id: number;
  userId: number;
  organizationId: number;
  companyId: number | null;
  enrolled: boolean;
  registeredAt: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: string;
  organizationName: string;
}

export async function listRegistrations(
  em: EntityManager,
  filter: RegistrationConditions,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: RegistrationRecord[]; total: number }> {
  const { rows, total } = await registrationPage(em, filter, {
    sort: page.sort,
    direction: page.order === 'ASC' ? 'asc' : 'desc',
    offset: page.offset,
    limit: page.limit,
  });
  return {
    rows: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      organizationId: row.organization_id,
      companyId: row.company_id,
      enrolled: row.enrolled,
      registeredAt: new Date(row.registered_at).toISOString(),
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      userType: row.type,
      organizationName: row.organization_name,
      ...standingFields(row),
    })),
    total,
  };
}

export async function getRegistration(em: EntityManager, id: number): Promise<RegistrationRecord> {
  const { rows } = await listRegistrations(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound('Registration not found.');
  return rows[0];
}

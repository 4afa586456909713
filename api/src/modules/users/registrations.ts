import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.js';

/** A person's registration for an organization, as the console lists them (read-only). */
export interface RegistrationRecord {
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

export interface RegistrationFilter {
  ids?: number[];
  organizationId?: number;
  userId?: number;
  enrolled?: boolean;
  /** Inclusive lower bound (instant). */
  from?: Date;
  /** Exclusive upper bound (instant). */
  before?: Date;
}

// registrations_organization_registered_at_idx serves organization + date range + order;
// registrations_registered_at_idx serves the date range across organizations.
const REGISTRATION_SORTS: Record<string, (d: string) => string> = {
  registeredAt: (d) => `r.registered_at ${d}, r.id ${d}`,
  id: (d) => `r.id ${d}`,
};
export const REGISTRATION_SORT_FIELDS = Object.keys(REGISTRATION_SORTS);

interface RegistrationRow {
  id: number;
  user_id: number;
  organization_id: number;
  company_id: number | null;
  enrolled: boolean;
  registered_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  type: string;
  organization_name: string;
}

export async function listRegistrations(
  em: EntityManager,
  filter: RegistrationFilter,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: RegistrationRecord[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.ids) {
    where.push(filter.ids.length > 0 ? 'r.id in (?)' : 'false');
    if (filter.ids.length > 0) params.push(filter.ids);
  }
  if (filter.organizationId !== undefined) {
    where.push('r.organization_id = ?');
    params.push(filter.organizationId);
  }
  if (filter.userId !== undefined) {
    where.push('r.user_id = ?');
    params.push(filter.userId);
  }
  if (filter.enrolled !== undefined) {
    where.push('r.enrolled = ?');
    params.push(filter.enrolled);
  }
  if (filter.from) {
    where.push('r.registered_at >= ?');
    params.push(filter.from);
  }
  if (filter.before) {
    where.push('r.registered_at < ?');
    params.push(filter.before);
  }
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const order = (REGISTRATION_SORTS[page.sort] ?? REGISTRATION_SORTS.registeredAt)?.(
    page.order === 'ASC' ? 'asc' : 'desc',
  );
  const rows = await em.execute<RegistrationRow[]>(
    `select r.id, r.user_id, r.organization_id, r.company_id, r.enrolled, r.registered_at,
            u.first_name, u.last_name, u.email, u.type, o.name as organization_name
       from registrations r
       join users u on u.id = r.user_id
       join organizations o on o.id = r.organization_id
       ${clause} order by ${order} limit ? offset ?`,
    [...params, page.limit, page.offset],
  );
  const [count] = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from registrations r ${clause}`,
    params,
  );
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
    })),
    total: count?.total ?? 0,
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

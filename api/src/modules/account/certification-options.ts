import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAccountCertificationOptions } from '../../../../shared/account.js';
import { query } from '../../db/sql.js';
import { CERTIFICATION_OPTIONS } from './change-queries.js';
import { ADMIN_COMPANY } from './record-queries.js';

/**
 * What the add forms offer (a certification of one's own, a tester of one's company): the
 * agencies and types accepted by any organization the person, or the company they administer,
 * is registered with. One list for all of them keeps the form simple; the answer to Send names
 * each organization that refused the item and why.
 */
export async function certificationOptions(
  em: EntityManager,
  userId: number,
): Promise<TAccountCertificationOptions> {
  const [administered] = await query<{ company_id: number }, { userId: number }>(
    em,
    ADMIN_COMPANY,
    { userId },
  );
  const [row] = await query<
    { agencies: TAccountCertificationOptions['agencies'] },
    { userId: number; companyId: number | null }
  >(em, CERTIFICATION_OPTIONS, { userId, companyId: administered?.company_id ?? null });
  return { agencies: row?.agencies ?? {} };
}

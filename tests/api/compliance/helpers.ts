import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { makeCompany, makeOrganization, makeRegistration, unique } from '../../helpers/fixtures.js';

/**
 * A tester with one certification registered with each organization given (a new one when
 * none is): the first registration as typed, the others a day earlier with the number typed in
 * lower case with spaces (the same certificate).
 */
export async function registeredTester(
  db: EntityManager,
  options: {
    expiresOn: string;
    organizations?: TOrganization[];
    email?: string;
    language?: string;
    number?: string;
  },
) {
  const organizations = options.organizations ?? [await makeOrganization(db)];
  const company = await makeCompany(db);
  const email = options.email ?? `tess-${unique()}@example.com`;
  const number = options.number ?? `AW-${unique()}`;
  let userId = 0;
  for (const organization of organizations) {
    if (userId === 0) {
      const made = await makeRegistration(db, {
        organization,
        company,
        email,
        firstName: 'Tess',
        certifications: [
          { number, agencyName: 'AWWA', typeName: 'Tester', expiresOn: options.expiresOn },
        ],
      });
      userId = made.user.id;
      if (options.language) {
        made.registration.language = options.language;
        await db.flush();
      }
    } else {
      await db.getConnection().execute(
        `with r as (insert into registrations (user_id, organization_id, company_id, registered_at) values (?, ?, ?, '2020-01-01') returning id)
         insert into certifications (user_id, registration_id, number, expires_on, agency_name, type_name)
         select ?, r.id, ?, ?, 'AWWA', 'Tester' from r`,
        [
          userId,
          organization.id,
          company.id,
          userId,
          ` ${number.toLowerCase()} `,
          options.expiresOn,
        ],
      );
    }
  }
  return { userId, email, number };
}

import type pg from 'pg';

// Credentials at scale (issue 27), derived in SQL from the registrations just seeded: a company's
// liability insurance on two registrations in five (each registration here is its own
// submission), expiring over the same spread as certifications (a year after registering, plus
// up to 90 days), and a driver's license on every other tester registration, a year later still.

/** Adds the credentials of the registrations of users after `afterUserId`; answers how many. */
export async function seedCredentials(client: pg.Client, afterUserId: number): Promise<number> {
  const { rowCount } = await client.query(
    `insert into credentials (registration_id, company_id, credential_type_id, type_name, holder,
                              issuer, number, coverage, additional_insured, expires_on)
     select r.id, r.company_id, t.id, t.name, 'company', 'Prairie Mutual', null,
            1000000 * (1 + r.id % 5), r.id % 2 = 0,
            (r.registered_at + interval '1 year' + (r.id % 91) * interval '1 day')::date
       from registrations r
       join credential_types t on t.name = 'General liability insurance'
      where r.user_id > $1 and r.id % 5 < 2 and r.company_id is not null
     union all
     select r.id, null, t.id, t.name, 'tester', null, 'DL-' || r.id, null, null,
            (r.registered_at + interval '2 years' + (r.id % 121) * interval '1 day')::date
       from registrations r
       join users u on u.id = r.user_id and u.type = 'tester'
       join credential_types t on t.name = 'Driver''s license'
      where r.user_id > $1 and r.id % 2 = 0`,
    [afterUserId],
  );
  return rowCount ?? 0;
}

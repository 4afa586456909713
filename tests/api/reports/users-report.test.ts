import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCsv, spreadsheetText } from '../../../api/src/modules/reports/exports.js';
import { createReportFile } from '../../../api/src/modules/reports/generate.js';
import { USERS_REPORT_FIRST_ROWS } from '../../../api/src/modules/reports/queries.js';
import type { TReportRequest } from '../../../shared/reports.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration } from '../../helpers/fixtures.js';
import { parseCsv, readAll } from '../../helpers/streams.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  person,
  submit,
  unique,
} from '../registration/fixtures.js';

// The Users report beyond its first statement's rows (two statements over one snapshot), the
// certification counts its header width comes from, and a download abandoned half way.

let t: TestApp;

const sql = <T extends Record<string, unknown>[]>(query: string, params: unknown[] = []) =>
  t.app.orm.em.fork().execute<T>(query, params);

const usersReport = async (overrides: Partial<TReportRequest>) => {
  const file = await createReportFile(
    t.app.orm.em.fork(),
    {
      organizationId: null,
      type: 'users',
      range: null,
      delivery: { method: 'download' },
      ...overrides,
    },
    { publicUrl: t.config.publicUrl, storage: { open: async () => new PassThrough() } },
  );
  return file.stream;
};

const certificationGroups = (header: string[]) =>
  header.filter((column) => /^Certification \d+ Number$/.test(column)).length;

/** Registrations whose stored count differs from their certifications. */
const wrongCounts = () =>
  sql<{ id: number }[]>(
    `select r.id from registrations r
      where r.certification_count <> (select count(*) from certifications c where c.registration_id = r.id)`,
  );

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("each registration's certification count", () => {
  it('is set by the final submit', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const tester = person();
    const response = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      userInfo: [
        {
          ...tester,
          userType: 'tester',
          userCerts: [
            await certificationFor(t.app, organization),
            await certificationFor(t.app, organization),
          ],
        },
      ],
      testKitInfo: [],
    });
    expect(response.json().code).toBe('SUCCESS');
    const [row] = await sql<{ certification_count: number }[]>(
      `select r.certification_count from registrations r join users u on u.id = r.user_id
        where u.email = ? and r.organization_id = ?`,
      [tester.userEmail, organization.id],
    );
    expect(row?.certification_count).toBe(2);
  });

  it('follows certifications added, removed and moved by any writer', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em);
    const company = await makeCompany(em);
    const certification = {
      number: 'C-1',
      agencyName: 'ABPA',
      typeName: 'Tester',
      expiresOn: '2030-01-01',
    };
    const first = await makeRegistration(em, {
      organization,
      company,
      certifications: [certification, certification],
    });
    const second = await makeRegistration(em, { organization, company });
    const counts = async () =>
      (
        await sql<{ id: number; certification_count: number }[]>(
          'select id, certification_count from registrations where id in (?, ?) order by id',
          [first.registration.id, second.registration.id],
        )
      ).map((row) => row.certification_count);
    expect(await counts()).toEqual([2, 0]);

    await sql(
      `insert into certifications (user_id, registration_id, number, expires_on, agency_name, type_name)
       select ?, ?, 'C-' || n, '2030-01-01', 'ASSE', 'Repairer' from generate_series(1, 3) n`,
      [second.user.id, second.registration.id],
    );
    expect(await counts()).toEqual([2, 3]);
    await sql(
      `update certifications set registration_id = ?
        where id = (select min(id) from certifications where registration_id = ?)`,
      [first.registration.id, second.registration.id],
    );
    expect(await counts()).toEqual([3, 2]);
    await sql('delete from certifications where registration_id = ?', [first.registration.id]);
    expect(await counts()).toEqual([0, 2]);
    // Staff removing the person takes the registration and its certifications together.
    await sql('delete from users where id = ?', [second.user.id]);
    expect(await counts()).toEqual([0]);
    expect(await wrongCounts()).toEqual([]);
  });
});

describe('the Users report', () => {
  it('has as many certification column groups as the most any registration in scope has', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em);
    const other = await makeOrganization(em);
    const company = await makeCompany(em);
    const certifications = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        number: `N-${i + 1}`,
        agencyName: 'AWWA',
        typeName: 'Tester',
        expiresOn: '2030-01-01',
      }));
    const registeredAt = new Date('2026-05-10T15:00:00Z');
    await makeRegistration(em, {
      organization,
      company,
      registeredAt,
      certifications: certifications(3),
    });
    await makeRegistration(em, { organization, company, registeredAt });
    await makeRegistration(em, {
      organization: other,
      company,
      registeredAt: new Date('2026-06-10T15:00:00Z'),
      certifications: certifications(5),
    });
    const header = async (overrides: Partial<TReportRequest>) => {
      const text = (await readAll(await usersReport(overrides))).toString('utf8');
      return text.slice(1, text.indexOf('\r\n')).split(',');
    };
    expect(certificationGroups(await header({ organizationId: organization.id }))).toBe(3);
    expect(certificationGroups(await header({ organizationId: other.id }))).toBe(5);
    const june = { start: '2026-06-01', end: '2026-06-30' };
    expect(certificationGroups(await header({ range: june }))).toBe(5);
    const may = { start: '2026-05-01', end: '2026-05-31' };
    expect(certificationGroups(await header({ organizationId: other.id, range: may }))).toBe(0);
  });

  describe(`past its first ${USERS_REPORT_FIRST_ROWS} rows`, () => {
    let organizationId: number;

    beforeAll(async () => {
      const em = t.app.orm.em.fork();
      organizationId = (await makeOrganization(em)).id;
      const companyId = (await makeCompany(em)).id;
      const tag = unique();
      // Registration times out of id order, many shared, so the order rests on both keys.
      await sql(
        `with people as (
           insert into users (type, first_name, last_name, email)
           select case when n % 3 = 0 then 'tester' else 'admin' end, 'Zoë', 'Row ' || n,
                  'row-' || n || '-${tag}@example.com'
             from generate_series(1, ?) n
           returning id, email)
         insert into registrations (user_id, organization_id, company_id, registered_at)
         select id, ?, ?, timestamptz '2026-01-01 12:00Z' + ((id * 7919) % 600) * interval '1 minute'
           from people`,
        [USERS_REPORT_FIRST_ROWS * 2 + 500, organizationId, companyId],
      );
      await sql(
        `insert into certifications (user_id, registration_id, number, expires_on, agency_name, type_name)
         select r.user_id, r.id, 'N-' || r.id || '-' || k, '2030-01-01', 'ASSE', 'Tester'
           from registrations r cross join generate_series(1, 3) k
          where r.organization_id = ? and k <= r.id % 4`,
        [organizationId],
      );
    });

    it('lists every registration once, in registration order, each with its own certifications', async () => {
      const expected = await sql<{ email: string; numbers: string | null }[]>(
        `select u.email,
                (select string_agg(c.number, ' ' order by c.id) from certifications c
                  where c.registration_id = r.id) as numbers
           from registrations r join users u on u.id = r.user_id
          where r.organization_id = ?
          order by r.registered_at, r.id`,
        [organizationId],
      );
      const rows = parseCsv(await readAll(await usersReport({ organizationId })));
      expect(rows.map((row) => row.Email)).toEqual(expected.map((row) => row.email));
      const numbers = rows.map((row) =>
        [1, 2, 3]
          .map((i) => row[`Certification ${i} Number`])
          .filter(Boolean)
          .join(' '),
      );
      expect(numbers).toEqual(expected.map((row) => row.numbers ?? ''));
      expect(rows.every((row) => row['First Name'] === 'Zoë')).toBe(true);
    });

    it('frees its database connection when the download is abandoned half way', async () => {
      // More abandoned downloads than the pool has connections: a leak would stall the last one.
      for (let i = 0; i < 12; i++) {
        const stream = await usersReport({ organizationId });
        for await (const _chunk of stream) break;
      }
      const rows = parseCsv(await readAll(await usersReport({ organizationId })));
      expect(rows).toHaveLength(USERS_REPORT_FIRST_ROWS * 2 + 500);
    });
  });
});

describe('a report shaped by its own rows', () => {
  it('reads what shapes it in the snapshot its rows are read in', async () => {
    const seen: Record<string, unknown>[] = [];
    const stream = await copyCsv(t.app.orm.em.fork(), async (read) => {
      const [row] = await read({
        text: `select current_setting('transaction_isolation') as isolation,
                current_setting('transaction_read_only') as read_only`,
        params: {},
      });
      if (row) seen.push(row);
      return {
        first: { text: 'select :n as n', params: { n: 1 } },
        rest: { text: 'select 2 as n', params: {} },
      };
    });
    expect(parseCsv(await readAll(stream))).toEqual([{ n: '1' }, { n: '2' }]);
    expect(seen).toEqual([{ isolation: 'repeatable read', read_only: 'on' }]);
  });
});

describe('the CSV text', () => {
  it('keeps a character whose bytes arrive in two chunks', async () => {
    const transform = spreadsheetText();
    const bytes = Buffer.from('Zoë\n', 'utf8');
    const split = bytes.indexOf(0xc3) + 1;
    transform.write(bytes.subarray(0, split));
    transform.end(bytes.subarray(split));
    expect((await readAll(transform)).toString('utf8')).toBe('\uFEFFZoë\r\n');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { directoryOrganization, tester } from './helpers.js';

// The directory's CSV as residents download it (GET /testers/{slug}/csv, no site build needed):
// the same entries as the page, one row per certification, headings in the asked language, text
// a spreadsheet would run as a formula written as text, named with the day it reflects.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('the directory CSV', () => {
  it('writes each certification of each listed tester, formulas as text, never an email', async () => {
    const organization = await directoryOrganization(t.app.orm.em.fork());
    await tester(t.app.orm.em.fork(), {
      organization,
      firstName: 'Ada',
      lastName: 'Formula',
      companyName: '=HYPERLINK("http://x.example","Acme")',
      certifications: [{ expiresOn: '2030-01-01' }, { expiresOn: '2031-01-01' }],
    });
    await tester(t.app.orm.em.fork(), {
      organization,
      firstName: 'Waiting',
      reviewState: 'pending',
    });
    const answer = await t.app.inject({ url: `/testers/${organization.directorySlug}/csv` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${organization.directorySlug}-testers-${todayInProgramZone()}.csv"`,
    );
    expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
    const rows = rowsOf(answer.body);
    expect(rows[0]).toBe(
      'First Name,Last Name,Company,Company Phone,City,State,Certification Agency,Certification Type,Certification Number,Expiration Date',
    );
    expect(rows).toHaveLength(3);
    for (const row of rows.slice(1)) {
      expect(row).toMatch(/^Ada,Formula,"'=HYPERLINK\(""http:\/\/x\.example"",""Acme""\)",/);
    }
    expect(answer.body).not.toMatch(/[\w.+-]+@[\w-]+\./);
    const spanish = await t.app.inject({
      url: `/testers/${organization.directorySlug}/csv`,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(rowsOf(spanish.body)[0]).toMatch(/^Nombre,Apellido,Empresa,/);
    const again = await t.app.inject({
      url: `/testers/${organization.directorySlug}/csv`,
      headers: { 'if-none-match': String(answer.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 where no directory is published', async () => {
    const off = await directoryOrganization(t.app.orm.em.fork(), { directoryEnabled: false });
    const answer = await t.app.inject({ url: `/testers/${off.directorySlug}/csv` });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toBe('There is no published directory of testers at this address.');
  });
});

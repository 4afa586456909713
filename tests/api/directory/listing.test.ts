import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Certification,
  Organization,
  Registration,
  User,
} from '../../../api/src/db/entities/index.js';
import { directoryBySlug, directoryCsvRows } from '../../../api/src/modules/directory/service.js';
import { addCatalogue } from '../../../shared/i18n/catalogue.js';
import { es } from '../../../shared/i18n/es.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { directoryOrganization, tester } from './helpers.js';

// The listing rule at its edges: exactly the testers approved, enrolled and Active with the
// organization, not hidden, holding its required number of accepted certifications current on
// the program day; what an entry carries and never carries; the organization's public facts;
// the version a cache keys on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  addCatalogue('es', es);
});
afterAll(() => t.close());

const em = () => t.app.orm.em.fork();
const TODAY = '2026-03-09';
const page = (slug: string, today = TODAY, options = {}) =>
  directoryBySlug(em(), slug, { today, ...options });
const listedNames = async (slug: string, today = TODAY) =>
  ((await page(slug, today))?.entries ?? []).map((entry) => entry.firstName).sort();

describe('who the directory lists', () => {
  it('lists approved, enrolled, Active testers with current accepted certifications, and no one else', async () => {
    const organization = await directoryOrganization(em());
    const other = await directoryOrganization(em());
    const slug = organization.directorySlug as string;
    const at = (firstName: string, spec = {}) => tester(em(), { organization, firstName, ...spec });
    await at('Listed');
    // Approved and back in review for a renewal sent from My registrations, or registering
    // again while the period runs: still approved.
    await at('Renewing', { reviewState: 'pending', resumeState: 'approved' });
    await at('Reregistering', { reviewState: 'pending', reregistered: true });
    await at('Hidden', { hidden: true });
    await at('Waiting', { reviewState: 'pending' });
    await at('Changes', { reviewState: 'changes_requested' });
    await at('Rejected', { reviewState: 'rejected' });
    await at('Lapsed', { standing: 'lapsed' });
    await at('Suspended', { standing: 'suspended' });
    await at('Unenrolled', { enrolled: false });
    await at('Admin', { type: 'admin' });
    await at('Unreviewed', { certifications: [{ expiresOn: '2030-01-01', decision: 'pending' }] });
    await at('Refused', { certifications: [{ expiresOn: '2030-01-01', decision: 'rejected' }] });
    await tester(em(), { organization: other, firstName: 'Elsewhere' });

    expect(await listedNames(slug)).toEqual(['Listed', 'Renewing', 'Reregistering']);
    const listed = await page(slug);
    expect(listed?.total).toBe(3);
  });

  it('lists a certification expiring today until the program day ends, and not after', async () => {
    const organization = await directoryOrganization(em());
    const slug = organization.directorySlug as string;
    await tester(em(), {
      organization,
      firstName: 'Today',
      certifications: [{ expiresOn: TODAY }],
    });
    await tester(em(), {
      organization,
      firstName: 'Yesterday',
      certifications: [{ expiresOn: '2026-03-08' }],
    });
    // 11:30 pm on March 9 in New York is already March 10 in UTC: still the 9th's listing.
    const lateEvening = todayInProgramZone(new Date('2026-03-10T03:30:00Z'));
    expect(lateEvening).toBe(TODAY);
    expect(await listedNames(slug, lateEvening)).toEqual(['Today']);
    // Midnight in New York (4 am UTC, daylight time): the certification has expired.
    const midnight = todayInProgramZone(new Date('2026-03-10T04:00:00Z'));
    expect(midnight).toBe('2026-03-10');
    expect(await listedNames(slug, midnight)).toEqual([]);
  });

  it('needs the organization’s required number of current accepted certifications on that registration', async () => {
    const organization = await directoryOrganization(em(), { requiredCertifications: 2 });
    const slug = organization.directorySlug as string;
    await tester(em(), {
      organization,
      firstName: 'Two',
      certifications: [{ expiresOn: '2027-01-01' }, { expiresOn: TODAY }],
    });
    await tester(em(), {
      organization,
      firstName: 'OneExpired',
      certifications: [{ expiresOn: '2027-01-01' }, { expiresOn: '2026-03-08' }],
    });
    await tester(em(), {
      organization,
      firstName: 'OneWaiting',
      certifications: [
        { expiresOn: '2027-01-01' },
        { expiresOn: '2028-01-01', decision: 'pending' },
      ],
    });
    await tester(em(), {
      organization,
      firstName: 'OneRejected',
      certifications: [
        { expiresOn: '2027-01-01' },
        { expiresOn: '2028-01-01', decision: 'rejected' },
      ],
    });
    await tester(em(), {
      organization,
      firstName: 'ThreeOneOld',
      certifications: [
        { expiresOn: '2027-01-01', number: 'N-2' },
        { expiresOn: '2020-01-01', number: 'N-OLD' },
        { expiresOn: '2026-12-01', number: 'N-1' },
      ],
    });
    expect(await listedNames(slug)).toEqual(['ThreeOneOld', 'Two']);
    const found = await page(slug, TODAY, { q: 'ThreeOneOld' });
    // Only the current ones show, soonest to expire first.
    expect(found?.entries[0]?.certifications.map((c) => c.number)).toEqual(['N-1', 'N-2']);
  });

  it('drops a tester the moment they are hidden, suspended or their certification is rejected', async () => {
    const organization = await directoryOrganization(em());
    const slug = organization.directorySlug as string;
    const hidden = await tester(em(), { organization, firstName: 'Hides' });
    const suspended = await tester(em(), { organization, firstName: 'Suspends' });
    const rejected = await tester(em(), { organization, firstName: 'Loses' });
    expect(await listedNames(slug)).toEqual(['Hides', 'Loses', 'Suspends']);
    await em().nativeUpdate(User, { id: hidden.user.id }, { directoryHidden: true });
    await em().nativeUpdate(
      Registration,
      { id: suspended.registration.id },
      { standing: 'suspended' },
    );
    await em().nativeUpdate(
      Certification,
      { id: rejected.certifications[0]?.id },
      { reviewDecision: 'rejected' },
    );
    expect(await listedNames(slug)).toEqual([]);
  });
});

describe('what an entry shows', () => {
  it('names, the company’s name, phone, city and state and each current certification; never an email, a personal phone, a street address or a document', async () => {
    const organization = await directoryOrganization(em());
    const slug = organization.directorySlug as string;
    const { user, company } = await tester(em(), {
      organization,
      firstName: 'Rosa',
      lastName: 'Parks',
      companyName: 'Montgomery Backflow',
      city: 'Montgomery',
      state: 'AL',
      certifications: [
        { expiresOn: '2027-05-31', agencyName: 'ABPA', typeName: 'Tester', number: 'AB-1' },
      ],
    });
    const found = await page(slug);
    expect(found?.entries).toEqual([
      {
        firstName: 'Rosa',
        lastName: 'Parks',
        company: 'Montgomery Backflow',
        companyPhone: '555-0100',
        city: 'Montgomery',
        state: 'AL',
        certifications: [
          { agency: 'ABPA', type: 'Tester', number: 'AB-1', expiresOn: '2027-05-31' },
        ],
      },
    ]);
    const csv = await directoryCsvRows(em(), slug, { today: TODAY });
    for (const answer of [JSON.stringify(found), JSON.stringify(csv)]) {
      expect(answer).not.toContain('@');
      expect(answer).not.toContain(user.email);
      expect(answer).not.toContain(user.phone);
      expect(answer).not.toContain(company.address1);
      expect(answer).not.toContain(company.zip);
    }
    expect(csv?.rows).toEqual([
      [
        'First Name',
        'Last Name',
        'Company',
        'Company Phone',
        'City',
        'State',
        'Certification Agency',
        'Certification Type',
        'Certification Number',
        'Expiration Date',
      ],
      [
        'Rosa',
        'Parks',
        'Montgomery Backflow',
        '555-0100',
        'Montgomery',
        'AL',
        'ABPA',
        'Tester',
        'AB-1',
        '2027-05-31',
      ],
    ]);
  });
});

describe('the organization’s directory', () => {
  it('answers null for a slug no organization publishes, a disabled directory and an ended organization', async () => {
    const disabled = await directoryOrganization(em(), { directoryEnabled: false });
    const ended = await directoryOrganization(em(), { allowedUntil: '2026-03-08' });
    expect(await page('no-such-directory')).toBeNull();
    expect(await page('not a slug!')).toBeNull();
    expect(await page(disabled.directorySlug as string)).toBeNull();
    expect(await page(ended.directorySlug as string)).toBeNull();
    // The organization's last day is still its own.
    expect(await page(ended.directorySlug as string, '2026-03-08')).not.toBeNull();
  });

  it('carries the public facts, the product’s disclaimer in the asked language when staff wrote none', async () => {
    const organization = await directoryOrganization(em(), {
      directoryIntro: 'Hire a tester from this list.',
      directoryNoindex: true,
    });
    const slug = organization.directorySlug as string;
    const english = await page(slug.toUpperCase());
    expect(english?.organization).toEqual({
      name: organization.name,
      slug,
      intro: 'Hire a tester from this list.',
      disclaimer: expect.stringContaining(`${organization.name} does not endorse`),
      noindex: true,
      embedOrigins: [],
    });
    expect(english).toMatchObject({ total: 0, entries: [], page: 1, pages: 1, pageSize: 25 });
    const spanish = await page(slug, TODAY, { language: 'es' });
    expect(spanish?.organization.disclaimer).toContain(`${organization.name} no respalda`);
    await em().nativeUpdate(
      Organization,
      { id: organization.id },
      { directoryDisclaimer: 'Our own words.' },
    );
    expect((await page(slug, TODAY, { language: 'es' }))?.organization.disclaimer).toBe(
      'Our own words.',
    );
  });

  it('keeps its version while nothing shown changes, and changes it with the listing, the facts and the day', async () => {
    const organization = await directoryOrganization(em());
    const other = await directoryOrganization(em());
    const slug = organization.directorySlug as string;
    const listed = await tester(em(), { organization, firstName: 'Vera' });
    const version = async (today = TODAY) => (await page(slug, today))?.version;
    const first = await version();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // Another organization's tester, and a waiting tester, show nowhere here.
    await tester(em(), { organization: other, firstName: 'Else' });
    await tester(em(), { organization, firstName: 'Waits', reviewState: 'pending' });
    expect(await version()).toBe(first);
    // Every page and search of the organization share it.
    expect((await page(slug, TODAY, { q: 'nobody', page: 3 }))?.version).toBe(first);

    await tester(em(), { organization, firstName: 'Joins' });
    const joined = await version();
    expect(joined).not.toBe(first);
    await em().nativeUpdate(User, { id: listed.user.id }, { lastName: 'Renamed' });
    const renamed = await version();
    expect(renamed).not.toBe(joined);
    await em().nativeUpdate(Organization, { id: organization.id }, { directoryIntro: 'Hello' });
    const introduced = await version();
    expect(introduced).not.toBe(renamed);
    expect(await version('2026-03-10')).not.toBe(introduced);
  });
});

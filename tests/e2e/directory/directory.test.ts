/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, User } from '../../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { directoryOrganization, tester } from '../../api/directory/helpers.js';
import { unique } from '../../helpers/fixtures.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { CHROMIUM, CHROMIUM_ARGS, press, screenshot } from '../helpers/browser.js';
import { type RunningServer, startServer } from '../helpers/server.js';

// The public directory of an organization's approved testers (issue 28), as residents meet it:
// a page the server writes whole, so it works with JavaScript off (search, city and paging are
// a form and links), in English and Spanish, keyboard only, with a print view and a CSV; and
// the HTTP answers a cache keeps (ETag, Last-Modified, a short shared lifetime) changing with
// what the directory shows.

let server: RunningServer;
let browser: Browser;
let slug: string;
let organizationId: number;

const em = () => server.app.orm.em.fork();

beforeAll(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const organization = await directoryOrganization(em(), {
    name: `Springfield Water ${unique()}`,
    directoryIntro: 'Hire a tester from this list for your yearly test.',
  });
  slug = organization.directorySlug as string;
  organizationId = organization.id;
  // 27 listed testers (two pages), two of them at a company in Shelbyville.
  for (let i = 0; i < 25; i++) {
    await tester(em(), {
      organization,
      firstName: `Pat${String(i).padStart(2, '0')}`,
      lastName: `Listed${String(i).padStart(2, '0')}`,
      companyName: `Acme Backflow ${i}`,
    });
  }
  await tester(em(), {
    organization,
    firstName: 'Sam',
    lastName: 'Smithers',
    companyName: 'Shelby Plumbing',
    city: 'Shelbyville',
  });
  await tester(em(), {
    organization,
    firstName: 'Olga',
    lastName: 'Ortiz',
    companyName: 'Smith & Sons <Backflow>',
    city: 'Shelbyville',
  });
  // Never listed: waiting for review, and hidden at their own request.
  await tester(em(), { organization, firstName: 'Waiting', reviewState: 'pending' });
  await tester(em(), { organization, firstName: 'Hidden', hidden: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const address = (path = '') => `${server.url}/testers/${slug}${path}`;

/** A page in a context with JavaScript switched off, and the scripts it asked for. */
async function withoutScripts(): Promise<{
  page: Page;
  scripts: string[];
  close(): Promise<void>;
}> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return { page, scripts, close: () => context.close() };
}

const entryNames = (page: Page) => page.locator('.directory-entry h3').allTextContents();

describe('the directory page', () => {
  it('lists, searches, filters and pages with JavaScript off, and loads no script', async () => {
    const { page, scripts, close } = await withoutScripts();
    await page.goto(address());
    await page.getByRole('heading', { level: 1, name: 'Approved Backflow Testers' }).waitFor();
    await page.getByText('Hire a tester from this list for your yearly test.').waitFor();
    await page.getByRole('heading', { level: 2, name: '27 approved testers.' }).waitFor();
    expect(await entryNames(page)).toHaveLength(25);
    expect(await entryNames(page)).not.toContain('Waiting');
    // No email address anywhere in the page.
    expect(await page.content()).not.toMatch(/[\w.+-]+@[\w-]+\./);

    // Paging: a link to the next page.
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 2').waitFor();
    await press(page, page.getByRole('link', { name: 'Next page' }));
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 2 of 2').waitFor();
    expect(await entryNames(page)).toHaveLength(2);

    // Search by the beginning of a word of a name or a company (keyboard only).
    await page.getByLabel('Tester or company name').fill('smi');
    await page.getByLabel('Tester or company name').press('Enter');
    await page.getByRole('heading', { level: 2, name: '2 testers found.' }).waitFor();
    expect(await entryNames(page)).toEqual(['Olga Ortiz', 'Sam Smithers']);
    // Everything anyone typed is written as text.
    await page.getByText('Smith & Sons <Backflow>').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('smi');

    // The city filter, sorted by company.
    await page.getByLabel('Tester or company name').fill('');
    await page.getByLabel('City').selectOption('Shelbyville');
    await page.getByLabel('Sort by').selectOption('company');
    await press(page, page.getByRole('button', { name: 'Search' }));
    await page.getByRole('heading', { level: 2, name: '2 testers found.' }).waitFor();
    expect(await entryNames(page)).toEqual(['Sam Smithers', 'Olga Ortiz']);
    await press(page, page.getByRole('link', { name: 'Show all testers' }));
    await page.getByRole('heading', { level: 2, name: '27 approved testers.' }).waitFor();
    expect(scripts).toEqual([]);
    await close();
  });

  it('speaks Spanish from the switch and from the browser, keeping the search', async () => {
    const { page, close } = await withoutScripts();
    await page.goto(address('?q=smi'));
    await press(page, page.getByRole('link', { name: 'Español' }));
    await page
      .getByRole('heading', { level: 1, name: 'Probadores de contraflujo aprobados' })
      .waitFor();
    await page.getByRole('heading', { level: 2, name: 'Se encontraron 2 probadores.' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    // Search and paging keep the language.
    await page.getByLabel('Nombre del probador o de la empresa').fill('');
    await page.getByLabel('Nombre del probador o de la empresa').press('Enter');
    await press(page, page.getByRole('link', { name: 'Página siguiente' }));
    await page.getByText('Página 2 de 2').waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('es');
    await close();

    const spanish = await browser.newContext({ locale: 'es-MX' });
    const fromBrowser = await spanish.newPage();
    await fromBrowser.goto(address());
    await fromBrowser
      .getByRole('heading', { level: 1, name: 'Probadores de contraflujo aprobados' })
      .waitFor();
    await spanish.close();
  });

  it('works with JavaScript on, on a phone-sized screen', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(address());
    await page.getByRole('heading', { level: 2, name: '27 approved testers.' }).waitFor();
    await expectNoAxeViolations(page, 'directory');
    await page.goto(address('?q=nobody-at-all'));
    await page.getByText('No approved tester matches your search.').waitFor();
    await expectNoAxeViolations(page, 'directory, nothing found');
    await page.goto(address());
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectNoAxeViolations(page, 'directory on a phone');
    await screenshot(page, 'directory-phone');
    await context.close();
  });

  it('prints every entry of the search in one table, and downloads the same as CSV', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(address());
    await press(page, page.getByRole('link', { name: 'Print view' }));
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('row').count()).toBe(28);
    await expectNoAxeViolations(page, 'directory print view');
    await context.close();

    const csv = await fetch(address('/csv?city=Shelbyville'));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="${slug}-testers-${todayInProgramZone()}.csv"`,
    );
    const text = await csv.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Last Name,Company,Company Phone,City,State,Certification Agency,Certification Type,Certification Number,Expiration Date',
    );
    expect(lines).toHaveLength(3);
    expect(text).not.toContain('@');
    const spanish = await fetch(address('/csv?lang=es'));
    expect((await spanish.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(
      /^Nombre,Apellido,/,
    );
  });
});

describe('its HTTP answers', () => {
  it('is cached briefly by anyone, revalidated by its ETag, and changes with what it shows', async () => {
    const first = await fetch(address());
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect(first.headers.get('x-robots-tag')).toBeNull();
    // Gzipped for a phone's connection (fetch unzips it).
    const zipped = await fetch(address(), { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toContain('27 approved testers.');

    const again = await fetch(address(), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const since = await fetch(address(), { headers: { 'if-modified-since': lastModified } });
    expect(since.status).toBe(304);
    // Another language, another search: another answer.
    const spanish = await fetch(address('?lang=es'), { headers: { 'if-none-match': etag } });
    expect(spanish.status).toBe(200);

    // A tester hides: the page changes on every instance at once (nothing is kept in memory).
    const [hidden] = await em().find(User, { firstName: 'Pat00' });
    await em().nativeUpdate(User, { id: hidden?.id }, { directoryHidden: true });
    const changed = await fetch(address(), { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('26 approved testers.');
    await em().nativeUpdate(User, { id: hidden?.id }, { directoryHidden: false });
  });

  it('asks search engines not to index it when the organization says so', async () => {
    await em().nativeUpdate(Organization, { id: organizationId }, { directoryNoindex: true });
    const answer = await fetch(address());
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(await answer.text()).toContain('<meta name="robots" content="noindex"/>');
    await em().nativeUpdate(Organization, { id: organizationId }, { directoryNoindex: false });
  });

  it('answers 404 in words where no directory is published', async () => {
    for (const path of ['/testers/no-such-directory', '/testers/NOT%20A%20SLUG']) {
      const answer = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain(
        'There is no published directory of testers at this address.',
      );
    }
    const off = await directoryOrganization(em(), { directoryEnabled: false });
    const closed = await fetch(`${server.url}/testers/${off.directorySlug}`);
    expect(closed.status).toBe(404);
  });
});

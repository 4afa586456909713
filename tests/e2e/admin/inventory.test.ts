import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Assembly, Organization } from '../../../api/src/db/entities/index.js';
import { proposeCorrection } from '../../../api/src/modules/assembly-corrections/service.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { makeCompany, makeRegistration } from '../../helpers/fixtures.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createOrganizationPerson,
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  staffToken,
} from './helpers.js';

// An organization's inventory in the console, end to end: its Program manager adds a location
// and an assembly by hand and reads its next test due on the Assemblies list, changes the
// testing rules (the due date is computed again), and imports a small spreadsheet: reads the
// plan (counts, a refused row and why), applies it and finds the assemblies with their due dates.
// An assembly added with a failed test is Failed until its retest date: the list shows and filters
// by it, and its page tells the status's history with the reason of each change.

let server: RunningServer;
let browser: TestBrowser;
let organization: TestOrganization;
let managerToken: string;
const suffix = randomBytes(3).toString('hex').toUpperCase();
const accountNumber = `ACCT-${suffix}`;
const assemblyId = `BF-${suffix}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  organization = await createOrganization(server);
  const manager = await createOrganizationPerson(server, [
    { organizationId: organization.id, role: 'program_manager' },
  ]);
  managerToken = await staffToken(server, manager);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedInPage(): Promise<Page> {
  const page = await browser.newPage();
  await openSignedIn(page, server, managerToken);
  return page;
}

async function openSection(page: Page, section: string, title = section) {
  await page.getByRole('menu').getByRole('menuitem', { name: section, exact: true }).click();
  await heading(page, title);
}

/** Chooses an option of a react-admin select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The Assemblies list's row of an assembly ID, once listed. */
async function assemblyRow(page: Page, id: string) {
  const row = page
    .getByRole('table', { name: 'Assemblies' })
    .getByRole('row')
    .filter({
      has: page.getByRole('cell', { name: id, exact: true }),
    });
  await row.waitFor();
  return row;
}

describe("an organization's inventory", () => {
  it('is kept by hand: a Program manager adds a location and an assembly and sees its next test due', async () => {
    const page = await signedInPage();
    await openSection(page, 'Locations');
    await page.getByText('No Locations found').waitFor();
    await expectNoSeriousAxeViolations(page, 'locations list');

    await page.getByRole('link', { name: 'Add a location' }).click();
    await heading(page, 'Add a Location');
    await page.getByLabel('Account number').fill(accountNumber);
    // The shared rules, at their fields, before anything is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .locator('.MuiFormHelperText-root', { hasText: 'Please enter the service address.' })
      .waitFor();
    await page.getByLabel('Service address').fill('12 Main Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('Owner: name').fill('Olive Owner');
    await page.getByLabel('Owner: email').fill('olive.owner@example.com');
    await expectNoSeriousAxeViolations(page, 'location form');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, `Location ${accountNumber}`);
    await page.getByRole('region', { name: 'Contacts' }).getByText('Olive Owner').waitFor();
    const history = page.getByRole('table', { name: 'History' });
    await history.getByRole('cell', { name: 'Create', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, 'location page');

    await page.getByRole('link', { name: 'Add an assembly here' }).click();
    await heading(page, 'Add an Assembly');
    // The location it was added from is chosen already.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Location' }).inputValue())
      .toContain(accountNumber);
    await page.getByLabel('Assembly ID').fill(assemblyId);
    await page.getByLabel('Serial number').fill(`SN-${suffix}`);
    await choose(page, 'Type', 'Reduced pressure (RP)');
    await page.getByLabel('Size (inches)').fill('3/4');
    await choose(page, 'Hazard', 'High');
    await choose(page, 'Service', 'Domestic');
    await page.getByLabel('Last tested on').fill('2026-03-15');
    await choose(page, 'Last result', 'Pass');
    await page
      .getByText("The utility's own due date, kept only while no test is on file")
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'assembly form');
    await screenshot(page, 'console-assembly-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, `Assembly ${assemblyId}`);

    // A second location with the same account number: the server's answer at its field.
    await page.goto(`${server.url}/scadmin/locations/create`);
    await heading(page, 'Add a Location');
    await page.getByLabel('Account number').fill(accountNumber.toLowerCase());
    await page.getByLabel('Service address').fill('14 Main Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByRole('button', { name: 'Save' }).click();
    const taken = 'Another location of this organization has this account number.';
    await page.locator('.MuiFormHelperText-root', { hasText: taken }).waitFor();

    await openSection(page, 'Assemblies');
    const row = await assemblyRow(page, assemblyId);
    // Twelve months after a passing test, the default rules.
    await row.getByRole('cell', { name: '2027-03-15', exact: true }).waitFor();
    await row.getByRole('cell', { name: '2026-03-15 (Pass)', exact: true }).waitFor();
    await row.getByRole('cell', { name: '3/4"', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, 'assemblies list');
    await screenshot(page, 'console-assemblies');
    await page.close();
  });

  it("follows the organization's testing rules: a change computes the next test due again", async () => {
    const page = await signedInPage();
    await openSection(page, 'Organization', organization.name);
    const rules = page.getByRole('region', { name: 'Testing rules' });
    await rules.getByLabel('High hazard: months between tests').fill('24');
    await rules.getByLabel('Move a computed due date to the last day of its month').check();
    await rules.getByLabel('Notice window (days)').fill('45');
    await rules.getByRole('button', { name: 'Save testing rules' }).click();
    await page.getByText('Testing rules saved. Due dates were computed again for').waitFor();
    await expectNoSeriousAxeViolations(page, 'organization page with testing rules');
    // Saved as typed; the retest days keep their default.
    await page.reload();
    const saved = page.getByRole('region', { name: 'Testing rules' });
    await expect.poll(() => saved.getByLabel('Notice window (days)').inputValue()).toBe('45');
    expect(await saved.getByLabel('Retest after a failed test (days)').inputValue()).toBe('30');

    await openSection(page, 'Assemblies');
    const row = await assemblyRow(page, assemblyId);
    await row.getByRole('cell', { name: '2028-03-31', exact: true }).waitFor();
    await page.close();
  });

  it('is imported from a spreadsheet: the plan is read, a refused row says why, and Apply writes it', async () => {
    const page = await signedInPage();
    await openSection(page, 'Assemblies');
    await page.getByRole('link', { name: 'Import a spreadsheet' }).click();
    await heading(page, 'Import a Spreadsheet');
    await page.getByText('Nothing is written to the inventory until you press Apply.').waitFor();
    const csv = [
      'Account,Service Address,City,Assembly ID,Type,Hazard,Service,Last Test Date,Last Test Result',
      `IMP1-${suffix},1 Pipe Street,Springfield,IMP1-${suffix},RPZ,high,domestic,2026-02-10,pass`,
      `IMP2-${suffix},2 Pipe Street,Springfield,IMP2-${suffix},DCVA,low,fire,2026-01-05,pass`,
      `IMP3-${suffix},3 Pipe Street,Springfield,IMP3-${suffix},Mystery valve,low,fire,,`,
    ].join('\n');
    await page.locator('#inventory-file').setInputFiles({
      name: 'inventory.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\n`),
    });
    await page.getByRole('button', { name: 'Read the file' }).click();
    await page.getByRole('heading', { level: 2, name: 'The plan' }).waitFor();

    const summary = page.getByRole('definition');
    const figure = async (term: string) =>
      (
        await page
          .getByRole('term')
          .filter({ hasText: term })
          .locator('xpath=following-sibling::*[1]')
          .textContent()
      )?.trim();
    await summary.first().waitFor();
    expect(await figure('New assemblies')).toBe('2');
    expect(await figure('Rows refused')).toBe('1');
    // The guessed columns are chosen already.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Assembly ID *' }).textContent())
      .toContain('Assembly ID');
    await expectNoSeriousAxeViolations(page, 'import plan');

    await page.getByRole('tab', { name: /^Refused/ }).click();
    const refused = page.getByRole('table', { name: 'Refused in the plan' });
    const refusedRow = refused.getByRole('row').filter({ hasText: `IMP3-${suffix}` });
    await refusedRow
      .getByText('Please choose a type: RP, RPDA, DC, DCDA, PVB, SVB or AG.')
      .waitFor();
    await refusedRow.getByRole('cell', { name: '4', exact: true }).waitFor();
    await screenshot(page, 'console-inventory-import-plan');

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('The inventory was updated from inventory.csv.').waitFor();
    await page.getByRole('link', { name: 'Open the Assemblies list' }).click();
    await heading(page, 'Assemblies');
    // The organization's rules as changed above: 24 months for high hazard, at the month's end.
    const first = await assemblyRow(page, `IMP1-${suffix}`);
    await first.getByRole('cell', { name: '2028-02-29', exact: true }).waitFor();
    const second = await assemblyRow(page, `IMP2-${suffix}`);
    await second.getByRole('cell', { name: '2027-01-31', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: `IMP3-${suffix}`, exact: true }).count()).toBe(0);
    await page.close();
  });

  it("is the chosen organization's for the provider's Editors, and read-only for its Viewers", async () => {
    const editor = await browser.newPage();
    await openSignedIn(
      editor,
      server,
      await staffToken(server, await createStaffWithRole(server, 'editor')),
    );
    await editor.goto(`${server.url}/scadmin/locations/create`);
    await heading(editor, 'Add a Location');
    const picker = editor.getByRole('combobox', { name: 'Organization' });
    await picker.fill(organization.name);
    await editor.getByRole('option', { name: organization.name }).click();
    const providerAccount = `PROV-${suffix}`;
    await editor.getByLabel('Account number').fill(providerAccount);
    await editor.getByLabel('Service address').fill('40 Reservoir Road');
    await editor.getByLabel('City').fill('Springfield');
    await editor.getByRole('button', { name: 'Save' }).click();
    await heading(editor, `Location ${providerAccount}`);
    await editor.close();

    const viewer = await browser.newPage();
    const person = await createOrganizationPerson(server, [
      { organizationId: organization.id, role: 'viewer' },
    ]);
    await openSignedIn(viewer, server, await staffToken(server, person));
    await openSection(viewer, 'Locations');
    await viewer.getByRole('cell', { name: providerAccount, exact: true }).click();
    await heading(viewer, `Location ${providerAccount}`);
    for (const name of ['Edit', 'Add an assembly here']) {
      expect(await viewer.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }
    await openSection(viewer, 'Assemblies');
    await assemblyRow(viewer, assemblyId);
    for (const name of ['Add an assembly', 'Import a spreadsheet']) {
      expect(await viewer.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }
    await openSection(viewer, 'Organization', organization.name);
    const rules = viewer.getByRole('region', { name: 'Testing rules' });
    await expect
      .poll(() => rules.getByLabel('High hazard: months between tests').inputValue())
      .toBe('24');
    expect(await rules.getByLabel('High hazard: months between tests').isDisabled()).toBe(true);
    expect(await rules.getByRole('button', { name: 'Save testing rules' }).count()).toBe(0);
    await viewer.close();
  });

  it("takes a tester's correction only when the Program manager accepts it", async () => {
    // A tester registered with the organization found another serial on the assembly added by
    // hand above (the test form of the next issue proposes through the same service).
    const em = server.app.orm.em.fork();
    const { user } = await makeRegistration(em, {
      organization: em.getReference(Organization, organization.id),
      company: await makeCompany(em),
      enrolled: true,
      review: { state: 'approved', reviewedAt: new Date() },
    });
    const assembly = await em.findOneOrFail(Assembly, {
      assemblyId,
      organization: organization.id,
    });
    const found = `SN-FIELD-${suffix}`;
    await proposeCorrection(em, user.id, assembly.id, {
      kind: 'nameplate',
      serial: found,
      make: assembly.make,
      model: assembly.model,
      sizeInches: assembly.sizeInches === null ? null : Number(assembly.sizeInches),
      note: 'Tag on the check valve body',
    });

    const page = await signedInPage();
    await openSection(page, "Testers' Corrections");
    const row = page
      .getByRole('table', { name: "Testers' corrections" })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: assemblyId, exact: true }) });
    await row.getByRole('cell', { name: new RegExp(`→ ${found}`) }).waitFor();
    await expectNoSeriousAxeViolations(page, 'corrections list');
    await row.getByRole('cell', { name: assemblyId, exact: true }).click();
    await heading(page, `Correction of assembly ${assemblyId}`);
    await page.getByRole('cell', { name: `${found} (changed)` }).waitFor();
    await expectNoSeriousAxeViolations(page, 'correction page');

    await page.getByRole('link', { name: 'Accept or refuse' }).click();
    await heading(page, 'Accept or Refuse a Correction');
    // Refusing needs a reason: the summary says so and nothing is decided.
    await page.getByRole('radio', { name: /^Refuse/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please say why the correction is refused.').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'correction decision');
    await page.getByRole('radio', { name: /^Accept/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, `Correction of assembly ${assemblyId}`);
    await page.getByText('Accepted', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Accept or refuse' }).count()).toBe(0);

    await openSection(page, 'Assemblies');
    const listed = await assemblyRow(page, assemblyId);
    await listed.getByRole('cell', { name: found, exact: true }).waitFor();
    await page.close();
  });

  it("tells each assembly's compliance: Failed after a failed test, filtered by it, with its history and reasons", async () => {
    // A failed test five days ago: Failed through its retest date, 30 days after (the default).
    const today = todayInProgramZone();
    const testedOn = addDays(today, -5);
    const retestBy = addDays(testedOn, 30);
    const failedId = `FAIL-${suffix}`;
    const page = await signedInPage();
    await openSection(page, 'Locations');
    await page.getByRole('cell', { name: accountNumber, exact: true }).click();
    await heading(page, `Location ${accountNumber}`);
    await page.getByRole('link', { name: 'Add an assembly here' }).click();
    await heading(page, 'Add an Assembly');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Location' }).inputValue())
      .toContain(accountNumber);
    await page.getByLabel('Assembly ID').fill(failedId);
    await choose(page, 'Type', 'Double check (DC)');
    await choose(page, 'Hazard', 'Low');
    await choose(page, 'Service', 'Fire');
    await page.getByLabel('Last tested on').fill(testedOn);
    await choose(page, 'Last result', 'Fail');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, `Assembly ${failedId}`);
    await page.getByText(`Failed, retest by ${retestBy}`, { exact: true }).waitFor();
    const history = page.getByRole('table', { name: 'Compliance history' });
    const added = history.getByRole('row').filter({ hasText: 'No status → Failed' });
    for (const cell of [today, 'Assembly added', retestBy]) {
      await added.getByRole('cell', { name: cell, exact: true }).waitFor();
    }
    await expectNoSeriousAxeViolations(page, 'assembly page with its compliance history');

    await openSection(page, 'Assemblies');
    const failedRow = await assemblyRow(page, failedId);
    await failedRow.getByRole('cell', { name: 'Failed', exact: true }).waitFor();
    // The assembly added by hand with a passing test is listed with its own status.
    await assemblyRow(page, assemblyId);
    await choose(page, 'Compliance', 'Failed');
    await expect
      .poll(() => page.getByRole('cell', { name: assemblyId, exact: true }).count())
      .toBe(0);
    await assemblyRow(page, failedId);
    expect(await page.getByRole('cell', { name: `IMP1-${suffix}`, exact: true }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'assemblies list filtered by compliance');
    await screenshot(page, 'console-assemblies-by-compliance');

    // A passing result on file instead: the history's newest change first, with its reason.
    await failedRow.getByRole('cell', { name: failedId, exact: true }).click();
    await heading(page, `Assembly ${failedId}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await heading(page, 'Edit Assembly');
    await choose(page, 'Last result', 'Pass');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, `Assembly ${failedId}`);
    const changes = page.getByRole('table', { name: 'Compliance history' }).getByRole('row');
    await changes.filter({ hasText: "Assembly's record changed" }).waitFor();
    const newestFirst = await changes.allTextContents();
    expect(newestFirst.slice(1).map((row) => row.includes('Failed →'))).toEqual([true, false]);
    expect(newestFirst[1]).toContain("Assembly's record changed");
    expect(newestFirst[2]).toContain('Assembly added');
    await expectNoSeriousAxeViolations(page, 'assembly page after its status changed');
    await page.close();
  });
});

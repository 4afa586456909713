import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../../api/src/db/entities/index.js';
import { fileTestReport } from '../../../api/src/modules/test-reports/service.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { ZTestReportFiling } from '../../../shared/test-reports.js';
import { type FilingTester, makeFilingTester } from '../../helpers/field-fixtures.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { countRows, createOrganization, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createOrganizationPerson,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  staffToken,
} from './helpers.js';

// The organization's test-report queue in the console, end to end: its Reviewer opens the queue,
// reads a failed RP report's readings beside each rule's result, returns it to the tester with
// a reason (the tester is emailed a personal link), and accepts a passing DC report with remarks,
// whose test then shows on the assembly's page.

let server: RunningServer;
let browser: TestBrowser;
let organization: TestOrganization;
let reviewerToken: string;
let tester: FilingTester;
const suffix = randomBytes(3).toString('hex').toUpperCase();
const rpAssembly = `RP-${suffix}`;
const dcAssembly = `DC-${suffix}`;

/** An assembly of the organization, added through the console's own call. */
async function addAssembly(assemblyId: string, type: string): Promise<number> {
  const call = async (url: string, body: object) => {
    const answer = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reviewerToken}` },
      body: JSON.stringify(body),
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    return (await answer.json()) as { id: number };
  };
  const location = await call('/api/admin/locations', {
    accountNumber: `ACCT-${assemblyId}`,
    address1: `${assemblyId.length} Valve Street`,
    city: 'Springfield',
  });
  const assembly = await call('/api/admin/assemblies', {
    locationId: location.id,
    assemblyId,
    serial: `SN-${assemblyId}`,
    type,
    make: 'Watts',
    model: '009',
    sizeInches: '3/4',
    hazard: 'high',
    service: 'domestic',
    installedOn: '2019-05-01',
  });
  return assembly.id;
}

/** Files a report as the tester through the filing service (the test form's call). */
async function file(assemblyRef: number, fields: Record<string, unknown>) {
  const body = ZTestReportFiling.parse({
    key: randomUUID(),
    assemblyId: assemblyRef,
    testerId: tester.userId,
    certificationId: tester.certificationId,
    testKitId: tester.kitId,
    kind: 'initial',
    testDate: todayInProgramZone(),
    linePressurePsi: 64,
    attestation: true,
    ...fields,
  });
  const filed = await fileTestReport(server.app.orm.em.fork(), tester.userId, body, 'en');
  expect(filed.report.state).toBe('pending');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  organization = await createOrganization(server);
  const reviewer = await createOrganizationPerson(server, [
    { organizationId: organization.id, role: 'reviewer' },
  ]);
  reviewerToken = await staffToken(server, reviewer);
  const em = server.app.orm.em.fork();
  tester = await makeFilingTester(
    em,
    await em.findOneOrFail(Organization, { id: organization.id }),
  );
  await file(await addAssembly(rpAssembly, 'RP'), {
    readings: {
      check1HeldPsid: '4.9',
      check1ClosedTight: true,
      reliefOpenedPsid: '2.5',
      check2HeldPsid: '1.6',
      check2ClosedTight: true,
      check2BackpressureTight: true,
      shutoff1Tight: true,
      shutoff2Tight: true,
    },
  });
  await file(await addAssembly(dcAssembly, 'DC'), {
    readings: {
      check1HeldPsid: '2.4',
      check1ClosedTight: true,
      check2HeldPsid: '1.8',
      check2ClosedTight: true,
      shutoff2Tight: true,
    },
    remarks: 'Meter pit flooded; pumped out before the test.',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openQueue(page: Page) {
  await page.getByRole('menu').getByRole('menuitem', { name: 'Test Reports', exact: true }).click();
  await heading(page, 'Test Reports');
}

/** The queue's row of an assembly ID, once listed. */
function queueRow(page: Page, assemblyId: string) {
  return page
    .getByRole('table', { name: 'Test reports' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: assemblyId, exact: true }) });
}

describe("the organization's test-report queue", () => {
  it("lets its Reviewer read a failed RP report's readings and rules, return it, and accept another", async () => {
    const page = await browser.newPage();
    await openSignedIn(page, server, reviewerToken);
    await openQueue(page);
    // The queue: what waits, oldest first.
    await queueRow(page, rpAssembly).waitFor();
    await queueRow(page, dcAssembly).waitFor();
    const cells = await page
      .getByRole('table', { name: 'Test reports' })
      .getByRole('cell', { name: /^(RP|DC)-/ })
      .allTextContents();
    expect(cells.indexOf(rpAssembly)).toBeLessThan(cells.indexOf(dcAssembly));
    await queueRow(page, rpAssembly).getByRole('cell', { name: 'Fail', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, 'test-report queue');
    await screenshot(page, 'console-test-report-queue');

    // The failed RP report, as utilities read it on paper: each reading, each rule's result.
    await queueRow(page, rpAssembly).getByRole('cell', { name: rpAssembly, exact: true }).click();
    await heading(page, `Test report of assembly ${rpAssembly}`);
    const readings = page.getByRole('table', { name: 'Readings' });
    const reading = readings
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Check valve 1 held at (psid)' }) });
    await reading.getByRole('cell', { name: '4.9 psid', exact: true }).waitFor();
    await readings
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Relief valve opened at (psid)' }) })
      .getByRole('cell', { name: '2.5 psid', exact: true })
      .waitFor();
    const rule = page
      .getByRole('table', { name: 'Rules' })
      .getByRole('row')
      .filter({
        has: page.getByRole('rowheader', {
          name: 'Check valve 1 held at 4.9 psid; it must hold at least 5.0 psid.',
        }),
      });
    await rule.getByRole('cell', { name: 'Breaks the rule', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Test kit' }).getByText('Calibrated on').waitFor();
    await page.getByRole('region', { name: 'Tester' }).getByText('Certification').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'test report page');
    await screenshot(page, 'console-test-report');

    // Returned to the tester: a reason is needed, then the tester is emailed a link.
    await page.getByRole('button', { name: 'Return to the tester' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return this report to the tester' });
    await dialog.getByRole('button', { name: 'Return report' }).click();
    await dialog.getByText('Please say what the tester should correct.').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'return dialog');
    await dialog
      .getByLabel('What the tester should correct')
      .fill('Check valve 1 was read before the gauge settled: please test it again.');
    await dialog.getByRole('button', { name: 'Return report' }).click();
    await dialog.waitFor({ state: 'detached' });
    const decision = page.getByRole('region', { name: 'Decision' });
    await decision.getByText('Returned to the tester', { exact: true }).waitFor();
    await decision.getByText('please test it again.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Reset to pending' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    expect(
      await countRows(
        server,
        `select count(*) from email_outbox where kind = 'test_report_returned' and ? = any(recipients)`,
        [tester.email],
      ),
    ).toBe(1);
    await page
      .getByRole('table', { name: 'History' })
      .getByRole('cell', { name: 'Return to the tester', exact: true })
      .waitFor();
    await expectNoSeriousAxeViolations(page, 'returned test report');

    // The queue no longer holds it; the DC report with remarks is accepted.
    await openQueue(page);
    await queueRow(page, dcAssembly).waitFor();
    expect(await queueRow(page, rpAssembly).count()).toBe(0);
    await queueRow(page, dcAssembly).getByRole('cell', { name: dcAssembly, exact: true }).click();
    await heading(page, `Test report of assembly ${dcAssembly}`);
    await page.getByText('Meter pit flooded; pumped out before the test.').waitFor();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Accept this report' });
    await expectNoSeriousAxeViolations(page, 'accept dialog');
    await confirm.getByRole('button', { name: 'Accept report' }).click();
    await page
      .getByRole('region', { name: 'Decision' })
      .getByText('Accepted', { exact: true })
      .waitFor();

    // The assembly's page lists its report, and its last test is the one accepted.
    await page.getByRole('link', { name: dcAssembly, exact: true }).click();
    await heading(page, `Assembly ${dcAssembly}`);
    const reports = page.getByRole('table', { name: 'Test reports of this assembly' });
    await reports.getByRole('cell', { name: 'Accepted', exact: true }).waitFor();
    await page.getByText(`${todayInProgramZone()} (Pass)`).waitFor();
    await expectNoSeriousAxeViolations(page, 'assembly page with its test reports');
    await page.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { accountCalls } from '../account/helpers.js';
import {
  cleanTest,
  failedRepair,
  fileReport,
  placedAssembly,
  type SignedInTester,
  signedInTester,
} from './report-fixtures.js';

// The tester's reports in My registrations (issue 39): every report they tested or filed, newest
// first, a page at a time, with its state and the organization's reason when it was rejected or
// returned; nobody else's.

let t: TestApp;
let springfield: TOrganization;
let shelbyville: TOrganization;
let tester: SignedInTester;
const { get, sql } = accountCalls(() => t);

const listOf = async (who: SignedInTester, query = '') => {
  const answer = await get(`/test-reports${query}`, who.cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('private, no-store');
  return answer.json().message as {
    reports: Record<string, unknown>[];
    nextBefore: number | null;
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const em = t.app.orm.em.fork();
  springfield = await makeOrganization(em);
  shelbyville = await makeOrganization(em);
  tester = await signedInTester(t, springfield);
});
afterAll(() => t.close());

describe("the tester's reports", () => {
  it('lists each report they tested or filed, newest first, with what the list shows', async () => {
    const rp = await placedAssembly(t, springfield.id);
    const dc = await placedAssembly(t, springfield.id, 'DC');
    const failed = await fileReport(t, tester, failedRepair(tester, rp));
    const clean = await fileReport(t, tester, cleanTest(tester, dc));
    // Filed by another person for this tester (as a company admin does), and by this person
    // for another tester: both are theirs to see.
    const colleague = await signedInTester(t, springfield);
    const forTester = await fileReport(t, colleague, cleanTest(colleague, dc));
    await sql('update test_reports set tester_id = ?, filed_by_id = ? where id = ?', [
      tester.userId,
      colleague.userId,
      forTester.id,
    ]);
    const byTester = await fileReport(t, colleague, cleanTest(colleague, rp));
    await sql('update test_reports set filed_by_id = ? where id = ?', [tester.userId, byTester.id]);
    await sql(`update test_reports set state = 'returned', reason = ? where id = ?`, [
      'Please add the line pressure you read on site.',
      failed.id,
    ]);

    const { reports, nextBefore } = await listOf(tester);
    expect(nextBefore).toBeNull();
    expect(reports.map((report) => report.id)).toEqual([
      byTester.id,
      forTester.id,
      clean.id,
      failed.id,
    ]);
    expect(reports[3]).toEqual({
      id: failed.id,
      key: expect.any(String),
      kind: 'repair',
      state: 'returned',
      result: 'fail',
      assemblyId: rp.assemblyId,
      assemblyRef: rp.id,
      address: rp.address,
      organization: { id: springfield.id, name: springfield.name },
      testerName: tester.name,
      testDate: todayInProgramZone(),
      filedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      reason: 'Please add the line pressure you read on site.',
      pdfUrl: `/api/account/test-reports/${failed.id}/pdf`,
      replaces: null,
    });
    expect(reports[2]).toMatchObject({ id: clean.id, state: 'accepted', reason: null });
    expect(reports[0]).toMatchObject({ testerName: colleague.name });

    // The colleague sees what they filed or tested, never the tester's own.
    const theirs = await listOf(colleague);
    expect(theirs.reports.map((report) => report.id)).toEqual([byTester.id, forTester.id]);
  });

  it('shows a report returned and filed again once, as the report filed again, which names the returned one', async () => {
    const refiling = await signedInTester(t, springfield);
    const rp = await placedAssembly(t, springfield.id);
    const dc = await placedAssembly(t, springfield.id, 'DC');
    const returned = await fileReport(t, refiling, failedRepair(refiling, rp));
    const other = await fileReport(t, refiling, cleanTest(refiling, dc));
    const refiled = await fileReport(t, refiling, failedRepair(refiling, rp));
    const reason = 'Please add the line pressure you read on site.';
    await sql(`update test_reports set state = 'returned', reason = ? where id = ?`, [
      reason,
      returned.id,
    ]);
    // Still open to correct: listed as returned, beside the others.
    const open = await listOf(refiling);
    expect(open.reports.map((report) => [report.id, report.state])).toEqual([
      [refiled.id, 'pending'],
      [other.id, 'accepted'],
      [returned.id, 'returned'],
    ]);

    // Filed again through its link (review.test.ts): the new report stands for it.
    await sql('update test_reports set superseded_by_id = ? where id = ?', [
      refiled.id,
      returned.id,
    ]);
    const { reports, nextBefore } = await listOf(refiling);
    expect(reports.map((report) => report.id)).toEqual([refiled.id, other.id]);
    expect(nextBefore).toBeNull();
    expect(reports[0]?.replaces).toEqual({
      id: returned.id,
      filedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      reason,
      pdfUrl: `/api/account/test-reports/${returned.id}/pdf`,
    });
    expect(reports[1]?.replaces).toBeNull();
    // Reachable from the new one: its PDF still opens for the tester.
    expect((await get(`/test-reports/${returned.id}/pdf`, refiling.cookie)).statusCode).toBe(200);

    // A page holds as many reports as asked: the one left out takes no place on it.
    const first = await listOf(refiling, '?limit=1');
    expect(first.reports.map((report) => report.id)).toEqual([refiled.id]);
    const second = await listOf(refiling, `?limit=1&before=${first.nextBefore}`);
    expect(second.reports.map((report) => report.id)).toEqual([other.id]);
    expect(second.nextBefore).toBeNull();

    // Filed again naming someone else, the returned report stays this tester's to see.
    const colleague = await signedInTester(t, springfield);
    await sql('update test_reports set tester_id = ?, filed_by_id = ? where id = ?', [
      colleague.userId,
      colleague.userId,
      refiled.id,
    ]);
    const left = await listOf(refiling);
    expect(left.reports.map((report) => [report.id, report.replaces])).toEqual([
      [other.id, null],
      [returned.id, null],
    ]);
    expect((await listOf(colleague)).reports.map((report) => [report.id, report.replaces])).toEqual(
      [[refiled.id, null]],
    );
  });

  it('pages with before and limit, and keeps another organization’s tester to their own', async () => {
    const paged = await signedInTester(t, shelbyville);
    const dc = await placedAssembly(t, shelbyville.id, 'DC');
    const ids: number[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push((await fileReport(t, paged, cleanTest(paged, dc))).id);
    }
    const newestFirst = [...ids].reverse();
    const first = await listOf(paged, '?limit=2');
    expect(first.reports.map((report) => report.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.nextBefore).toBe(newestFirst[1]);
    const second = await listOf(paged, `?limit=2&before=${first.nextBefore}`);
    expect(second.reports.map((report) => report.id)).toEqual(newestFirst.slice(2, 4));
    const last = await listOf(paged, `?limit=2&before=${second.nextBefore}`);
    expect(last.reports.map((report) => report.id)).toEqual(newestFirst.slice(4));
    expect(last.nextBefore).toBeNull();
    expect((await get('/test-reports?limit=201', paged.cookie)).statusCode).toBe(400);
    expect((await get('/test-reports', {})).statusCode).toBe(401);
    const fresh = await signedInTester(t, springfield);
    expect((await listOf(fresh)).reports).toEqual([]);
  });
});

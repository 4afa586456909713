import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { signIn } from '../staff/helpers.js';
import {
  cleanTest,
  failedRepair,
  fileReport,
  type PlacedAssembly,
  placedAssembly,
  type SignedInTester,
  signedInTester,
} from '../test-reports/report-fixtures.js';
import { apiGet, makeKey, syncAll } from './helpers.js';

// Test reports in the read API (issue 39): /api/v1/test-reports in change order with the other
// resources, a key of one organization seeing only its reports, a decision taken after a
// client's sync arriving in its next one.

let t: TestApp;
let springfield: TOrganization;
let shelbyville: TOrganization;
let tester: SignedInTester;
let assembly: PlacedAssembly;
let allKey: string;
let springfieldKey: string;
let failedId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  const em = t.app.orm.em.fork();
  springfield = await makeOrganization(em);
  shelbyville = await makeOrganization(em);
  tester = await signedInTester(t, springfield);
  assembly = await placedAssembly(t, springfield.id);
  failedId = (await fileReport(t, tester, failedRepair(tester, assembly))).id;
  const other = await signedInTester(t, shelbyville);
  otherId = (
    await fileReport(t, other, cleanTest(other, await placedAssembly(t, shelbyville.id, 'DC')))
  ).id;
  const adminToken = (await signIn(t, 'administrator')).token;
  allKey = (await makeKey(t, adminToken)).secret;
  springfieldKey = (await makeKey(t, adminToken, { organization_id: springfield.id })).secret;
});
afterAll(() => t.close());

describe('/api/v1/test-reports', () => {
  it('answers a report in snake_case, its readings in psid and inches', async () => {
    const answer = await apiGet(t, springfieldKey, `/api/v1/test-reports/${failedId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const [location] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ location_id: number }[]>('select location_id from assemblies where id = ?', [
        assembly.id,
      ]);
    expect(answer.json()).toEqual({
      id: failedId,
      organization_id: springfield.id,
      assembly_id: assembly.id,
      assembly_number: assembly.assemblyId,
      location_id: location?.location_id,
      kind: 'repair',
      test_date: todayInProgramZone(),
      result: 'fail',
      state: 'pending',
      readings: {
        check1_held_psid: 4.9,
        check1_closed_tight: true,
        relief_opened_psid: 2.5,
        check2_held_psid: 1.6,
        check2_closed_tight: true,
        check2_backpressure_tight: true,
        shutoff1_tight: true,
        shutoff2_tight: false,
      },
      tester_name: tester.name,
      certification_number: tester.certificationNumber,
      kit_serial: tester.kitSerial,
      filed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      decided_at: null,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    });
  });

  it("keeps a key of one organization to its own reports, in lists, reads and another key's cursors", async () => {
    const own = await syncAll(t, springfieldKey, '/api/v1/test-reports', { limit: 1 });
    expect(own.rows.map((row) => row.id)).toEqual([failedId]);
    const refused = await apiGet(t, springfieldKey, `/api/v1/test-reports/${otherId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_found');
    const everything = await syncAll(t, allKey, '/api/v1/test-reports');
    expect(everything.rows.map((row) => row.id)).toEqual(
      expect.arrayContaining([failedId, otherId]),
    );
    const first = (await apiGet(t, allKey, '/api/v1/test-reports?limit=1')).json();
    const fromCursor = await syncAll(t, springfieldKey, '/api/v1/test-reports', {
      cursor: first.next_cursor,
    });
    expect(fromCursor.rows.every((row) => row.id !== otherId)).toBe(true);
  });

  it('brings a decision taken after a sync, and a report filed since, in the next sync', async () => {
    const { rows, cursor } = await syncAll(t, springfieldKey, '/api/v1/test-reports');
    expect(rows.length).toBeGreaterThan(0);
    const again = await syncAll(t, springfieldKey, '/api/v1/test-reports', { cursor });
    expect(again.rows).toEqual([]);

    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `update test_reports set state = 'rejected', reason = 'Gauge out of calibration.',
                decided_at = now() where id = ?`,
        [failedId],
      );
    const dc = await placedAssembly(t, springfield.id, 'DC');
    const filed = await fileReport(t, tester, cleanTest(tester, dc));
    const next = await syncAll(t, springfieldKey, '/api/v1/test-reports', { cursor });
    expect(next.rows.map((row) => [row.id, row.state])).toEqual([
      [failedId, 'rejected'],
      [filed.id, 'accepted'],
    ]);
    expect(next.rows[0]?.decided_at).toEqual(expect.stringMatching(/Z$/));
    const order = next.rows.map((row) => String(row.updated_at));
    expect([...order].sort()).toEqual(order);
  });
});

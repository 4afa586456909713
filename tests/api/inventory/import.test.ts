import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { INVENTORY_MESSAGES } from '../../../shared/assemblies.js';
import { assemblyCompliance } from '../../../shared/assembly-compliance.js';
import { DEFAULT_TESTING_RULES } from '../../../shared/assembly-due.js';
import { guessMapping, INVENTORY_IMPORT_MESSAGES } from '../../../shared/inventory-import.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { bearer, signIn, signInOrganizationPerson, staffClient, unique } from '../staff/helpers.js';

// The import of an organization's inventory from the utility's own file: the columns guessed
// from a billing export's headers, the plan streamed into entries, applied in one transaction
// with an audit entry and a webhook event per change, refused rows named by row and column.

const MAX_BYTES = 1_000_000;
const MAX_ROWS = 4_000;
const MAX_UNZIPPED_BYTES = 2 * 1024 * 1024;
const ENV = {
  INVENTORY_IMPORT_MAX_BYTES: String(MAX_BYTES),
  INVENTORY_IMPORT_MAX_ROWS: String(MAX_ROWS),
  INVENTORY_IMPORT_MAX_UNZIPPED_BYTES: String(MAX_UNZIPPED_BYTES),
  // One signing secret, so a token is good on a second instance on the same database.
  JWT_SECRET: randomBytes(32).toString('hex'),
};
let t: TestApp;
/** While set, the stored file is read up to `bytes`, then waits for `open` (planning paused). */
let readHold: { bytes: number; open: Promise<void> } | null = null;
let alpha: TOrganization;
let asAdmin: ReturnType<typeof staffClient>;
let adminToken: string;

const HEADER =
  'Account #,Service Address,City,Owner Name,Owner Email,Device ID,Serial Number,Device Type,Size,Hazard,Install Date,Last Test Date,Next Test Due';

const csvOf = (lines: string[]) => `\ufeff${[HEADER, ...lines].join('\r\n')}\r\n`;

beforeAll(async () => {
  t = await createTestApp({
    env: ENV,
    setup: (app) => {
      const storage = app.documentStorage;
      app.documentStorage = {
        ...storage,
        open: async (key) => {
          const content = await storage.open(key);
          return readHold ? Readable.from(heldAt(content, readHold)) : content;
        },
      };
    },
  });
  const admin = await signIn(t);
  adminToken = admin.token;
  asAdmin = staffClient(t.app, admin.token);
  alpha = await makeOrganization(t.app.orm.em.fork(), { name: `Alpha Water ${unique()}` });
});
afterAll(() => t.close());

/** The content's bytes up to `hold.bytes`, then the rest once `hold.open` resolves. */
async function* heldAt(content: Readable, hold: { bytes: number; open: Promise<void> }) {
  let sent = 0;
  for await (const chunk of content as AsyncIterable<Buffer>) {
    if (sent < hold.bytes && sent + chunk.length >= hold.bytes) {
      yield chunk.subarray(0, hold.bytes - sent);
      await hold.open;
      yield chunk.subarray(hold.bytes - sent);
    } else yield chunk;
    sent += chunk.length;
  }
}

async function newImport(organizationId = alpha.id, token = adminToken) {
  const created = await staffClient(t.app, token)('POST', '/api/admin/inventory-imports', {
    organizationId,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

function upload(id: number, body: string | Buffer, type = 'text/csv', token = adminToken) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/inventory-imports/${id}/file?name=export.csv`,
    headers: { ...bearer(token), 'content-type': type },
    payload: body,
  });
}

async function changes(id: number, kind: string) {
  const answer = await asAdmin(
    'GET',
    `/api/admin/inventory-imports/${id}/changes?kind=${kind}&_start=0&_end=100`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const count = async (text: string, params: unknown[]) => {
  const rows = await t.app.orm.em.fork().getConnection().execute(text, params);
  return Number((rows[0] as { n: number }).n);
};

describe('the mapping', () => {
  it('is guessed from a billing export’s headers', () => {
    const mapping = guessMapping(HEADER.split(','));
    expect(mapping).toMatchObject({
      accountNumber: 'Account #',
      address1: 'Service Address',
      city: 'City',
      ownerName: 'Owner Name',
      ownerEmail: 'Owner Email',
      assemblyId: 'Device ID',
      serial: 'Serial Number',
      type: 'Device Type',
      size: 'Size',
      hazard: 'Hazard',
      installedOn: 'Install Date',
      lastTestedOn: 'Last Test Date',
      nextDueOn: 'Next Test Due',
    });
    expect(guessMapping(['Acct No', 'Address'])).toMatchObject({
      accountNumber: 'Acct No',
      address1: 'Address',
    });
  });

  it('refuses a mapping without a required field in the product’s words', async () => {
    const id = await newImport();
    expect(
      (
        await upload(
          id,
          csvOf([`A-${unique()},1 Main St,Springfield,,,D-${unique()},,RP,1,high,,,`]),
        )
      ).statusCode,
    ).toBe(200);
    const answer = await asAdmin('PUT', `/api/admin/inventory-imports/${id}/mapping`, {
      mapping: { ...guessMapping(HEADER.split(',')), type: null },
      markMissingRemoved: false,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors['mapping.type']).toBe(
      'Please choose the column that holds the type.',
    );
  });
});

describe('a plan applied', () => {
  it('applies once, with an audit entry and a webhook event per change; the same file again changes nothing', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), { name: `Plan ${unique()}` });
    const account = `AC-${unique()}`;
    const file = csvOf([
      `${account},1 Main St,Springfield,Olga Owner,olga@example.com,D1-${account},S-1,RPZ,3/4,high,01/15/2020,2025-03-01,`,
      `${account},1 Main St,Springfield,Olga Owner,olga@example.com,D2-${account},S-2,Double Check,2,low,2019-05-01,,2026-06-01`,
    ]);
    const id = await newImport(organization.id);
    const planned = await upload(id, file);
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({
      state: 'planned',
      rowsRead: 2,
      summary: { newLocations: 1, newAssemblies: 2, refused: 0, changedAssemblies: 0 },
    });
    const applied = await asAdmin('POST', `/api/admin/inventory-imports/${id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().state).toBe('applied');
    expect((await asAdmin('POST', `/api/admin/inventory-imports/${id}/apply`)).statusCode).toBe(
      409,
    );

    expect(
      await count('select count(*)::int as n from assemblies where organization_id = ?', [
        organization.id,
      ]),
    ).toBe(2);
    expect(
      await count(
        `select count(*)::int as n from audit_log where organization_id = ? and entity_type in ('location', 'assembly')`,
        [organization.id],
      ),
    ).toBe(3);
    expect(
      await count(
        `select count(*)::int as n from webhook_events where ? = any(organization_ids)
            and type <> 'assembly.compliance_changed'`,
        [organization.id],
      ),
    ).toBe(3);
    // Each assembly's compliance status decided by the shared rule, told once, in the apply.
    const statuses = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<
        {
          status: 'active';
          last_tested_on: string | null;
          last_result: 'pass' | 'fail' | null;
          next_due_on: string | null;
          compliance_status: string | null;
        }[]
      >(
        `select status, last_tested_on::text, last_result, next_due_on::text, compliance_status
           from assemblies where organization_id = ?`,
        [organization.id],
      );
    for (const row of statuses) {
      const decided = assemblyCompliance(
        DEFAULT_TESTING_RULES,
        {
          status: row.status,
          lastTestedOn: row.last_tested_on,
          lastResult: row.last_result,
          nextDueOn: row.next_due_on,
        },
        todayInProgramZone(),
      );
      expect(row.compliance_status).not.toBeNull();
      expect(row.compliance_status).toBe(decided.status);
    }
    expect(
      await count(
        `select count(*)::int as n from assembly_compliance_changes h
           join assemblies a on a.id = h.assembly_id
          where a.organization_id = ? and h.reason = 'imported' and h.from_status is null`,
        [organization.id],
      ),
    ).toBe(2);
    expect(
      await count(
        `select count(*)::int as n from webhook_events where ? = any(organization_ids)
            and type = 'assembly.compliance_changed'`,
        [organization.id],
      ),
    ).toBe(2);

    const again = await newImport(organization.id);
    const replanned = await upload(again, file);
    expect(replanned.json().summary).toMatchObject({
      newLocations: 0,
      changedLocations: 0,
      newAssemblies: 0,
      changedAssemblies: 0,
      missing: 0,
      unchanged: 3,
    });
  });

  it('shows each changed field of a record the file changes, and audits it as it was and became', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), { name: `Edit ${unique()}` });
    const account = `AE-${unique()}`;
    const row = (city: string, serial: string) =>
      `${account},1 Main St,${city},Olga Owner,olga@example.com,D1-${account},${serial},RPZ,3/4,high,01/15/2020,2025-03-01,`;
    const first = await newImport(organization.id);
    expect((await upload(first, csvOf([row('Springfield', 'S-1')]))).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/inventory-imports/${first}/apply`)).statusCode).toBe(
      200,
    );

    const id = await newImport(organization.id);
    const planned = await upload(id, csvOf([row('Shelbyville', 'S-2')]));
    expect(planned.json().summary).toMatchObject({ changedLocations: 1, changedAssemblies: 1 });
    const { rows } = await changes(id, 'changed');
    const location = rows.find((entry: { entity: string }) => entry.entity === 'location');
    const assembly = rows.find((entry: { entity: string }) => entry.entity === 'assembly');
    expect(location.changes).toEqual([{ field: 'city', from: 'Springfield', to: 'Shelbyville' }]);
    expect(assembly.changes).toEqual([{ field: 'serial', from: 'S-1', to: 'S-2' }]);

    expect((await asAdmin('POST', `/api/admin/inventory-imports/${id}/apply`)).statusCode).toBe(
      200,
    );
    const audit = (await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `select entity_type, before, after from audit_log
          where organization_id = ? and action = 'update' order by id`,
        [organization.id],
      )) as {
      entity_type: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];
    const byType = new Map(audit.map((entry) => [entry.entity_type, entry]));
    expect(byType.get('location')?.before).toMatchObject({ city: 'Springfield' });
    expect(byType.get('location')?.after).toMatchObject({
      accountNumber: account,
      city: 'Shelbyville',
    });
    expect(byType.get('assembly')?.before).toMatchObject({ serial: 'S-1', status: 'active' });
    expect(byType.get('assembly')?.after).toMatchObject({
      serial: 'S-2',
      status: 'active',
      locationId: expect.any(Number),
    });
    expect(byType.get('assembly')?.after).not.toHaveProperty('accountNumber');
  });

  it('plans again and answers 409 when the inventory changed since the plan', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), { name: `Stale ${unique()}` });
    const account = `ST-${unique()}`;
    const id = await newImport(organization.id);
    await upload(id, csvOf([`${account},2 Elm St,Springfield,,,X-${account},,DC,1,low,,,`]));
    const location = await asAdmin('POST', '/api/admin/locations', {
      organizationId: organization.id,
      accountNumber: `OTHER-${unique()}`,
      address1: '3 Oak St',
      city: 'Springfield',
    });
    expect(location.statusCode).toBe(201);
    const applied = await asAdmin('POST', `/api/admin/inventory-imports/${id}/apply`);
    expect(applied.statusCode).toBe(409);
    expect(applied.json().message).toBe(
      'The inventory changed since this plan was made; it was planned again: please read it before applying.',
    );
    expect((await asAdmin('GET', `/api/admin/inventory-imports/${id}`)).json().state).toBe(
      'planned',
    );
    expect((await asAdmin('POST', `/api/admin/inventory-imports/${id}/apply`)).statusCode).toBe(
      200,
    );
  });

  it('marks missing assemblies removed only when asked', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), {
      name: `Missing ${unique()}`,
    });
    const account = `MI-${unique()}`;
    const both = csvOf([
      `${account},4 Pine St,Springfield,,,K1-${account},,PVB,1,high,,,`,
      `${account},4 Pine St,Springfield,,,K2-${account},,PVB,1,high,,,`,
    ]);
    const first = await newImport(organization.id);
    await upload(first, both);
    expect((await asAdmin('POST', `/api/admin/inventory-imports/${first}/apply`)).statusCode).toBe(
      200,
    );
    const one = csvOf([`${account},4 Pine St,Springfield,,,K1-${account},,PVB,1,high,,,`]);
    const kept = await newImport(organization.id);
    expect((await upload(kept, one)).json().summary.missing).toBe(1);
    expect((await changes(kept, 'missing')).rows[0]).toMatchObject({
      key: `K2-${account}`,
      kind: 'missing',
    });
    expect((await asAdmin('POST', `/api/admin/inventory-imports/${kept}/apply`)).statusCode).toBe(
      200,
    );
    const status = () =>
      t.app.orm.em
        .fork()
        .getConnection()
        .execute('select status from assemblies where assembly_id = ?', [`K2-${account}`]);
    expect((await status())[0]).toEqual({ status: 'active' });
    const removing = await newImport(organization.id);
    await upload(removing, one);
    const mapping = (await asAdmin('GET', `/api/admin/inventory-imports/${removing}`)).json()
      .mapping;
    const chosen = await asAdmin('PUT', `/api/admin/inventory-imports/${removing}/mapping`, {
      mapping,
      markMissingRemoved: true,
    });
    expect(chosen.json()).toMatchObject({ state: 'planned', markMissingRemoved: true });
    expect(
      (await asAdmin('POST', `/api/admin/inventory-imports/${removing}/apply`)).statusCode,
    ).toBe(200);
    expect((await status())[0]).toEqual({ status: 'removed' });
    const [removal] = (await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `select a.before, a.after from audit_log a
          where a.entity_type = 'assembly' and a.action = 'update'
            and a.entity_id = (select id::text from assemblies where assembly_id = ?)`,
        [`K2-${account}`],
      )) as { before: Record<string, unknown>; after: Record<string, unknown> }[];
    if (!removal) throw new Error('the removal was not audited');
    const snapshot = {
      assemblyId: `K2-${account}`,
      type: 'PVB',
      sizeInches: 1,
      hazard: 'high',
      service: 'domestic',
      serial: '',
      replacedBy: '',
      lastTestedOn: null,
    };
    expect(removal.before).toMatchObject({ ...snapshot, status: 'active' });
    expect(removal.after).toMatchObject({ ...snapshot, status: 'removed' });
    expect(Object.keys(removal.after).sort()).toEqual(Object.keys(removal.before).sort());
    expect(removal.after.locationId).toEqual(expect.any(Number));
  });
});

describe('refused rows', () => {
  it('name the row, the column and why', async () => {
    const account = `RF-${unique()}`;
    const id = await newImport();
    const planned = await upload(
      id,
      csvOf([
        `${account},5 Ash St,Springfield,,,R1-${account},,Rocket,1,high,,,`,
        `${account},5 Ash St,Springfield,,,R2-${account},,RP,1,high,31/31/2020,,`,
        `,5 Ash St,Springfield,,,R3-${account},,RP,1,high,,,`,
        `${account},5 Ash St,Springfield,,,R4-${account},,RP,1,high,,,`,
        `${account},5 Ash St,Springfield,,,R4-${account},,RP,1,high,,,`,
        `${account},6 Other St,Springfield,,,R5-${account},,RP,1,high,,,`,
      ]),
    );
    expect(planned.json().summary.refused).toBe(5);
    const { rows } = await changes(id, 'refused');
    const byRow = Object.fromEntries(
      rows.map((row: { row: number; refusals: unknown }) => [row.row, row.refusals]),
    );
    expect(byRow[2]).toEqual([{ column: 'Device Type', message: INVENTORY_MESSAGES.typeInvalid }]);
    expect(byRow[3]).toEqual([{ column: 'Install Date', message: INVENTORY_MESSAGES.dateInvalid }]);
    expect(byRow[4]).toEqual([
      { column: 'Account #', message: INVENTORY_MESSAGES.accountNumberRequired },
    ]);
    expect(byRow[6]).toEqual([
      { column: 'Device ID', message: 'This assembly ID is also in row 5: it is read once.' },
    ]);
    expect(byRow[7]).toEqual([
      {
        column: 'Service Address',
        message:
          'This account number is in row 5 with another value here: one location, one value.',
      },
    ]);
  });

  it('keeps a formula cell as its text', async () => {
    const account = `FX-${unique()}`;
    const id = await newImport();
    await upload(
      id,
      csvOf([
        `${account},"=HYPERLINK(""http://x"")",Springfield,,,F-${account},@SUM(A1),RP,1,high,,,`,
      ]),
    );
    const { rows } = await changes(id, 'new');
    const assembly = rows.find((row: { entity: string }) => row.entity === 'assembly');
    const location = rows.find((row: { entity: string }) => row.entity === 'location');
    expect(location.changes).toContainEqual({
      field: 'address1',
      from: null,
      to: '=HYPERLINK("http://x")',
    });
    expect(assembly.changes).toContainEqual({ field: 'serial', from: null, to: '@SUM(A1)' });
  });
});

async function storedObjects() {
  const keys: string[] = [];
  for await (const object of t.app.documentStorage.list()) keys.push(object.key);
  return keys.sort();
}

/** What an import keeps of its file: its storage key and its plan's entries. */
async function keptOf(id: number) {
  const [row] = await t.app.orm.em
    .fork()
    .getConnection()
    .execute(
      `select i.storage_key, i.state,
              (select count(*)::int from inventory_import_entries e
                where e.inventory_import_id = i.id) as entries
         from inventory_imports i where i.id = ?`,
      [id],
    );
  return row;
}

/** Rows of the shortest kind a billing export has, each its own account and assembly. */
const shortRows = (count: number, prefix: string) =>
  Array.from(
    { length: count },
    (_, i) => `${prefix}-${i},${i} Main St,Springfield,,,${prefix}-D${i},,RP,1,high,,,`,
  );

describe('the file', () => {
  it('refuses a file past the byte bound and keeps nothing of it', async () => {
    const id = await newImport();
    const big = Buffer.alloc(MAX_BYTES + 10 * 1024 * 1024, 'a,');
    const objectsBefore = await storedObjects();
    const answer = await upload(id, big);
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toMatch(/larger than/);
    const stored = await t.app.orm.em
      .fork()
      .getConnection()
      .execute('select storage_key from inventory_imports where id = ?', [id]);
    expect(stored[0]).toEqual({ storage_key: null });
    expect(await storedObjects()).toEqual(objectsBefore);
  });

  it('refuses a CSV past the row bound with its reason and keeps nothing of it', async () => {
    const id = await newImport();
    const objectsBefore = await storedObjects();
    const answer = await upload(id, csvOf(shortRows(MAX_ROWS + 1, `RB-${unique()}`)));
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(
      'This file has more than 4,000 rows. Please split it into smaller files.',
    );
    expect(await keptOf(id)).toEqual({ storage_key: null, state: 'failed', entries: 0 });
    expect(await storedObjects()).toEqual(objectsBefore);
  });

  it('plans a CSV of exactly the row bound', async () => {
    const id = await newImport();
    const answer = await upload(id, csvOf(shortRows(MAX_ROWS, `RX-${unique()}`)));
    expect(answer.json()).toMatchObject({ state: 'planned', rowsRead: MAX_ROWS });
  });

  it('refuses an xlsx larger than the bound once unzipped and keeps nothing of it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Inventory');
    sheet.addRow(HEADER.split(','));
    // About 3 MB of notes once unzipped, a few kilobytes zipped: far under the byte bound.
    for (let i = 0; i < 100; i++) sheet.addRow([`ZB-${i}`, `${i}${'x'.repeat(30_000)}`]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(buffer.length).toBeLessThan(MAX_BYTES);
    const id = await newImport();
    const objectsBefore = await storedObjects();
    const answer = await upload(
      id,
      buffer,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe(
      'This spreadsheet holds more than 2 MB once opened. Please save it as CSV or split it.',
    );
    expect(await keptOf(id)).toEqual({ storage_key: null, state: 'failed', entries: 0 });
    expect(await storedObjects()).toEqual(objectsBefore);
  });

  it('answers 409 when the stored file changed since the plan, plans it again, then applies it', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), { name: `File ${unique()}` });
    const account = `FC-${unique()}`;
    const id = await newImport(organization.id);
    const planned = await upload(
      id,
      csvOf([`${account},8 Fir St,Springfield,,,O-${account},,RP,1,high,,,`]),
    );
    expect(planned.json().summary.newAssemblies).toBe(1);
    // Another file stored for the import after its plan was made (as an upload on another
    // instance would, before its plan is written).
    const other = csvOf([
      `${account},8 Fir St,Springfield,,,N1-${account},,DC,1,low,,,`,
      `${account},8 Fir St,Springfield,,,N2-${account},,DC,1,low,,,`,
    ]);
    const saved = await t.app.documentStorage.save(Readable.from([Buffer.from(other)]));
    await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        'update inventory_imports set storage_key = ?, file_sha256 = ?, file_size = ? where id = ?',
        [saved.key, saved.sha256, saved.size, id],
      );
    const refused = await asAdmin('POST', `/api/admin/inventory-imports/${id}/apply`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVENTORY_IMPORT_MESSAGES.fileChanged);
    const replanned = (await asAdmin('GET', `/api/admin/inventory-imports/${id}`)).json();
    expect(replanned).toMatchObject({
      state: 'planned',
      rowsRead: 2,
      summary: { newAssemblies: 2 },
    });
    expect(
      await count('select count(*)::int as n from assemblies where organization_id = ?', [
        organization.id,
      ]),
    ).toBe(0);
    expect((await asAdmin('POST', `/api/admin/inventory-imports/${id}/apply`)).statusCode).toBe(
      200,
    );
    const assemblies = await t.app.orm.em
      .fork()
      .getConnection()
      .execute('select assembly_id from assemblies where organization_id = ? order by 1', [
        organization.id,
      ]);
    expect(assemblies).toEqual([
      { assembly_id: `N1-${account}` },
      { assembly_id: `N2-${account}` },
    ]);
  });

  it('refuses malformed CSV with its reason and changes nothing', async () => {
    const id = await newImport();
    const answer = await upload(id, `${HEADER}\n"unclosed,quote\n`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().state).toBe('failed');
    expect(answer.json().error).toMatch(/cannot be read/);
  });

  it('reads an xlsx workbook, its dates and formulas as data', async () => {
    const account = `XL-${unique()}`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Inventory');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([
      account,
      '7 Birch St',
      'Springfield',
      'Ann',
      'ann@example.com',
      `XL1-${account}`,
      'S9',
      'RP',
      1,
      'high',
      new Date(Date.UTC(2020, 0, 15)),
      null,
      null,
    ]);
    sheet.addRow([
      account,
      '7 Birch St',
      'Springfield',
      'Ann',
      'ann@example.com',
      `XL2-${account}`,
      { formula: 'A1&"x"', result: 'evil' },
      'DC',
      2,
      'low',
      null,
      null,
      null,
    ]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const id = await newImport();
    const planned = await upload(
      id,
      buffer,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(planned.json(), planned.body).toMatchObject({
      state: 'planned',
      summary: { newAssemblies: 2 },
    });
    const { rows } = await changes(id, 'new');
    const first = rows.find((row: { key: string }) => row.key === `XL1-${account}`);
    const second = rows.find((row: { key: string }) => row.key === `XL2-${account}`);
    expect(first.changes).toContainEqual({ field: 'installedOn', from: null, to: '2020-01-15' });
    expect(second.changes).toContainEqual({ field: 'serial', from: null, to: '=A1&"x"' });
  });
});

describe('two instances', () => {
  it('show on one the rows read so far of a file planned on the other', async () => {
    const second = await createTestApp({ env: ENV, database: t.database });
    try {
      const id = await newImport();
      const file = csvOf(shortRows(3_000, `TI-${unique()}`));
      let open = () => {};
      // Planning reads 1,500 rows, has written its first batch, and waits for the rest.
      const header = Buffer.byteLength(`\ufeff${HEADER}\r\n`);
      const rows = file.split('\r\n').slice(1, 1_501).join('\r\n').length + 2;
      readHold = { bytes: header + rows, open: new Promise<void>((resolve) => (open = resolve)) };
      const uploading = upload(id, file);
      const poll = () =>
        second.app.inject({
          method: 'GET',
          url: `/api/admin/inventory-imports/${id}`,
          headers: bearer(adminToken),
        });
      let seen = (await poll()).json();
      while (seen.rowsRead === 0 && ['empty', 'planning'].includes(seen.state)) {
        seen = (await poll()).json();
      }
      expect(seen).toMatchObject({ state: 'planning', rowsRead: 1_000 });
      open();
      const planned = await uploading;
      expect(planned.json()).toMatchObject({ state: 'planned', rowsRead: 3_000 });
      expect((await poll()).json()).toMatchObject({ state: 'planned', rowsRead: 3_000 });
    } finally {
      readHold = null;
      await second.close();
    }
  });
});

describe("another organization's people", () => {
  it('get 404 for an import of another organization', async () => {
    const bravo = await makeOrganization(t.app.orm.em.fork(), { name: `Bravo ${unique()}` });
    const id = await newImport(bravo.id);
    const manager = await signInOrganizationPerson(t, [
      { organizationId: alpha.id, role: 'program_manager' },
    ]);
    const asManager = staffClient(t.app, manager.token);
    expect((await asManager('GET', `/api/admin/inventory-imports/${id}`)).statusCode).toBe(404);
    expect((await asManager('POST', `/api/admin/inventory-imports/${id}/apply`)).statusCode).toBe(
      404,
    );
    const own = await asManager('POST', '/api/admin/inventory-imports', {});
    expect(own.statusCode).toBe(201);
    expect(own.json().organizationId).toBe(alpha.id);
  });
});

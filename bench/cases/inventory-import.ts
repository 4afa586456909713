import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { newFormHash } from '../../api/src/modules/organizations/form-hash.js';
import { type BenchContext, expectOk, staffHeaders } from '../context.js';
import { peakRssGrowth, round } from '../harness.js';
import { random } from '../seed.js';
import { COMPANY_WORDS, FIRST_NAMES, LAST_NAMES, PLACES, streetAddress } from '../words.js';

// An organization's inventory imported from the utility's billing export, as its staff meet
// it in the console: the file uploaded and planned (PUT …/file answers once the plan is made),
// then applied in one transaction; the server's memory growth during each. The same file
// planned again for the inventory it made must change nothing.

export const CASE = 'inventory import';

const HEADERS = [
  'Account Number',
  'Premise Name',
  'Service Address',
  'Unit',
  'City',
  'State',
  'Zip Code',
  'Owner Name',
  'Owner Email',
  'Owner Phone',
  'Mailing Address',
  'Device ID',
  'Serial Number',
  'Device Type',
  'Manufacturer',
  'Model',
  'Size',
  'Hazard',
  'Service Type',
  'Device Location',
  'Install Date',
  'Last Test Date',
  'Last Test Result',
  'Next Test Due',
];
/** How billing exports spell the types. */
const TYPES = ['RPZ', 'RP', 'Double Check', 'DCVA', 'DCDA', 'PVB', 'SVB', 'RPDA', 'Air Gap'];
const MAKES: [string, string[]][] = [
  ['Watts', ['LF009M2QT', '007M1QT', 'LF909', '957']],
  ['Febco', ['LF860', '850', '765']],
  ['Wilkins', ['975XL2', '950XLT2', '720A']],
  ['Ames', ['Colt 400', 'Maxim 4000SS']],
  ['Apollo', ['RPLF4A', 'DCLF4A']],
];
const SIZES = ['3/4', '3/4"', '1', '1 1/2', '2', '2.5', '3', '4', '6', '8'];
const SERVICES = ['Domestic', 'Fire', 'Irrigation'];
const PLACEMENTS = ['Meter pit', 'Basement', 'Mechanical room', 'Front yard', 'Riser room', ''];

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const day = (year: number, draw: ReturnType<typeof random>) =>
  `${year}-${String(1 + draw.int(12)).padStart(2, '0')}-${String(1 + draw.int(28)).padStart(2, '0')}`;
const usDay = (year: number, draw: ReturnType<typeof random>) =>
  `${String(1 + draw.int(12)).padStart(2, '0')}/${String(1 + draw.int(28)).padStart(2, '0')}/${year}`;

/**
 * A billing export of `rows` assemblies (one to three per account), written to `file`; one
 * row in about a thousand is refused (its device type left blank), as real exports have.
 * `change`: every so many of the first `within` rows carry another serial (the same draws, so
 * a longer export begins with the same rows); answers how many valid rows were so changed.
 */
export async function writeExport(
  file: string,
  rows: number,
  options: { change?: { every: number; within: number } } = {},
): Promise<{ changed: number }> {
  let changed = 0;
  const draw = random(20261207);
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`\ufeff${HEADERS.join(',')}\r\n`);
  let written = 0;
  for (let account = 0; written < rows; account++) {
    const [city, state, zip] = draw.pick(PLACES);
    const first = draw.pick(FIRST_NAMES);
    const last = draw.pick(LAST_NAMES);
    const business = draw.int(4) === 0;
    const location = [
      `10${String(account).padStart(8, '0')}`,
      business ? `${last} ${draw.pick(COMPANY_WORDS)} LLC` : '',
      streetAddress(draw),
      draw.int(6) === 0 ? `Suite ${100 + draw.int(400)}` : '',
      city,
      state,
      zip,
      `${first} ${last}`,
      `${first}.${last}${draw.int(100)}@example.com`
        .normalize('NFD')
        .replace(/[^\w.@]/g, '')
        .toLowerCase(),
      `(${200 + draw.int(700)}) 555-${String(draw.int(10000)).padStart(4, '0')}`,
      `PO Box ${1 + draw.int(9999)}, ${city}, ${state} ${zip}`,
    ];
    const devices = Math.min(rows - written, [1, 1, 1, 1, 1, 1, 1, 2, 2, 3][draw.int(10)] ?? 1);
    for (let device = 0; device < devices; device++, written++) {
      const [make, models] = draw.pick(MAKES);
      const tested = draw.int(5) > 0;
      const serial = `${String.fromCharCode(65 + draw.int(26))}${100000 + draw.int(900000)}`;
      const refused = written % 997 === 996;
      const { change } = options;
      const changes = !!change && written < change.within && written % change.every === 3;
      if (changes && !refused) changed++;
      const cells = [
        ...location,
        `BF-${String(written + 1).padStart(7, '0')}`,
        changes ? `${serial}-R` : serial,
        refused ? '' : draw.pick(TYPES),
        make,
        draw.pick(models),
        draw.pick(SIZES),
        draw.int(3) === 0 ? 'Low' : 'High',
        draw.pick(SERVICES),
        draw.pick(PLACEMENTS),
        usDay(2000 + draw.int(24), draw),
        tested ? day(2024 + draw.int(2), draw) : '',
        tested ? (draw.int(20) === 0 ? 'Fail' : 'Pass') : '',
        tested ? '' : day(2027, draw),
      ];
      await write(`${cells.map(csvCell).join(',')}\r\n`);
    }
  }
  out.end();
  await once(out, 'finish');
  return { changed };
}

interface ImportAnswer {
  id: number;
  state: string;
  rowsRead: number;
  error: string | null;
  summary: Record<string, number> | null;
}

async function call(context: BenchContext, method: string, url: string, body?: object) {
  const response = await expectOk(
    await fetch(`${context.server.baseUrl}${url}`, {
      method,
      headers: {
        ...staffHeaders(context),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }),
    `${method} ${url}`,
  );
  return (await response.json()) as ImportAnswer;
}

/** Streams the file as the console does (the raw body); answers the import once planned. */
async function uploadFile(context: BenchContext, id: number, file: string): Promise<ImportAnswer> {
  const { size } = await stat(file);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${context.server.baseUrl}/api/admin/inventory-imports/${id}/file?name=billing-export.csv`,
      {
        method: 'PUT',
        headers: { ...staffHeaders(context), 'content-type': 'text/csv', 'content-length': size },
        timeout: 300_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) {
            reject(new Error(`upload: HTTP ${response.statusCode} ${text.slice(0, 300)}`));
          } else resolve(JSON.parse(text) as ImportAnswer);
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('upload timed out')));
    request.on('error', reject);
    const content = createReadStream(file, { highWaterMark: 256 * 1024 });
    content.on('error', reject);
    content.pipe(request);
  });
}

async function newOrganization(context: BenchContext): Promise<number> {
  const { rows } = await context.db.query<{ id: number }>(
    `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until,
            required_certifications)
     values ($1, $2, 'water@example.gov', 'weekly', current_date + 3650, 1) returning id`,
    [`Import Bench Water District ${randomBytes(3).toString('hex')}`, newFormHash()],
  );
  return rows[0]?.id as number;
}

/** The organization's records and what the import wrote of them. */
async function written(context: BenchContext, organizationId: number) {
  const { rows } = await context.db.query<{
    locations: number;
    assemblies: number;
    audit: number;
    events: number;
    undecided: number;
  }>(
    `select (select count(*)::int from locations where organization_id = $1) as locations,
            (select count(*)::int from assemblies where organization_id = $1) as assemblies,
            (select count(*)::int from audit_log where organization_id = $1
                and entity_type in ('location', 'assembly')) as audit,
            (select count(*)::int from webhook_events where $1 = any(organization_ids)
                and type <> 'assembly.compliance_changed') as events,
            (select count(*)::int from assemblies where organization_id = $1
                and status = 'active' and compliance_status is null) as undecided`,
    [organizationId],
  );
  return rows[0] as {
    locations: number;
    assemblies: number;
    audit: number;
    events: number;
    undecided: number;
  };
}

const CHANGING = ['newLocations', 'changedLocations', 'newAssemblies', 'changedAssemblies'];

export async function inventoryImportCase(context: BenchContext, rows: number) {
  const file = path.join(context.workDir, 'billing-export.csv');
  await writeExport(file, rows);
  const { size } = await stat(file);
  const scale = `${rows.toLocaleString('en-US')} rows, ${round(size / 1_000_000, 1)} MB`;
  const organizationId = await newOrganization(context);
  const record = (measure: string, value: number, unit: string, target?: number) =>
    context.recorder.record({
      case: CASE,
      measure,
      value,
      unit,
      scale,
      target: target === undefined ? undefined : { op: '<=', value: target },
    });

  const { id } = await call(context, 'POST', '/api/admin/inventory-imports', { organizationId });
  let started = performance.now();
  const planning = await peakRssGrowth(context.server.pid, () => uploadFile(context, id, file));
  const planSeconds = (performance.now() - started) / 1000;
  const planned = planning.result;
  if (planned.state !== 'planned' || !planned.summary) {
    throw new Error(`planned as ${planned.state}: ${planned.error}`);
  }
  if (planned.rowsRead !== rows) context.recorder.fail(CASE, `read ${planned.rowsRead} rows`);
  record('upload and plan', round(planSeconds, 2), 's', 20);
  record('plan server RSS growth', round(planning.growthMb, 1), 'MB', 100);

  started = performance.now();
  const applying = await peakRssGrowth(context.server.pid, () =>
    call(context, 'POST', `/api/admin/inventory-imports/${id}/apply`),
  );
  const applySeconds = (performance.now() - started) / 1000;
  if (applying.result.state !== 'applied') throw new Error(`apply: ${applying.result.state}`);
  record('apply', round(applySeconds, 2), 's', 30);
  record('apply server RSS growth', round(applying.growthMb, 1), 'MB', 100);

  // Every planned record written, each with its audit entry and webhook event, and its status.
  const { newLocations = 0, newAssemblies = 0 } = planned.summary;
  const after = await written(context, organizationId);
  const expected = {
    locations: newLocations,
    assemblies: newAssemblies,
    audit: newLocations + newAssemblies,
    events: newLocations + newAssemblies,
    // Each assembly in service has its compliance status.
    undecided: 0,
  };
  if (JSON.stringify(after) !== JSON.stringify(expected)) {
    context.recorder.fail(
      CASE,
      `applied ${JSON.stringify(after)}, planned ${JSON.stringify(expected)}`,
    );
  }

  // The same file again, for the inventory it made: nothing to change.
  const again = await call(context, 'POST', '/api/admin/inventory-imports', { organizationId });
  started = performance.now();
  const replanned = await uploadFile(context, again.id, file);
  record('plan again (nothing changed)', round((performance.now() - started) / 1000, 2), 's');
  const changes = [...CHANGING, 'missing'].reduce(
    (sum, kind) => sum + (replanned.summary?.[kind] ?? 0),
    0,
  );
  if (replanned.state !== 'planned' || changes > 0) {
    context.recorder.fail(
      CASE,
      `the same file planned again changes ${JSON.stringify(replanned.summary)}`,
    );
  }
  await call(context, 'POST', `/api/admin/inventory-imports/${again.id}/apply`);
  const rewritten = await written(context, organizationId);
  if (JSON.stringify(rewritten) !== JSON.stringify(after)) {
    context.recorder.fail(CASE, `the same file applied again wrote ${JSON.stringify(rewritten)}`);
  }
  record('same file again: changes', changes, 'records', 0);

  // The next month's export: a tenth of the serials changed and 1% more assemblies, planned and
  // applied as the first (each change with its old and new value, audit entry and event).
  const added = Math.ceil(rows / 100);
  const next = await writeExport(file, rows + added, { change: { every: 10, within: rows } });
  const second = await call(context, 'POST', '/api/admin/inventory-imports', { organizationId });
  started = performance.now();
  const secondPlan = await peakRssGrowth(context.server.pid, () =>
    uploadFile(context, second.id, file),
  );
  record('next export: plan', round((performance.now() - started) / 1000, 2), 's', 20);
  record('next export: plan server RSS growth', round(secondPlan.growthMb, 1), 'MB', 100);
  const summary = secondPlan.result.summary;
  if (secondPlan.result.state !== 'planned' || summary?.changedAssemblies !== next.changed) {
    context.recorder.fail(
      CASE,
      `the next export planned ${JSON.stringify(summary)}, ${next.changed} serials changed`,
    );
  }
  started = performance.now();
  const secondApply = await peakRssGrowth(context.server.pid, () =>
    call(context, 'POST', `/api/admin/inventory-imports/${second.id}/apply`),
  );
  if (secondApply.result.state !== 'applied') throw new Error(`apply: ${secondApply.result.state}`);
  record('next export: apply', round((performance.now() - started) / 1000, 2), 's', 30);
  record('next export: apply server RSS growth', round(secondApply.growthMb, 1), 'MB', 100);
  const final = await written(context, organizationId);
  const addedAssemblies = summary?.newAssemblies ?? 0;
  if (
    final.assemblies !== after.assemblies + addedAssemblies ||
    final.audit !== after.audit + (summary?.newLocations ?? 0) + addedAssemblies + next.changed
  ) {
    context.recorder.fail(CASE, `the next export wrote ${JSON.stringify(final)}`);
  }
}

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startDatabase } from '../api/src/db/database.js';
import { freePort } from '../api/src/db/embedded-postgres.js';
import { createOrm, migrate } from '../api/src/db/orm.js';
import { accountCase } from './cases/account.js';
import {
  CASE as LISTS_CASE,
  organizationSearchCase,
  reviewQueueCase,
  userListsCase,
} from './cases/admin-lists.js';
import { companyMatchingCase } from './cases/company-matching.js';
import { CASE as COMPLIANCE_CASE, expiringCase, reminderRunCase } from './cases/compliance.js';
import { complianceNightCase } from './cases/compliance-night.js';
import { CASE as DIRECTORY_CASE, directoryCase, directoryMeasures } from './cases/directory.js';
import { emailCase } from './cases/email.js';
import { frontendCase } from './cases/frontend.js';
import { instancesCase } from './cases/instances.js';
import { integrationSyncCase } from './cases/integration-sync.js';
import { inventoryImportCase } from './cases/inventory-import.js';
import { inventoryListsCase } from './cases/inventory-lists.js';
import { lookupCase } from './cases/lookup.js';
import { organizationPeopleCase, CASE as PEOPLE_CASE } from './cases/organization-people.js';
import { reportsCase } from './cases/reports.js';
import { standingRunCase } from './cases/standing.js';
import { startupCase } from './cases/startup.js';
import { submitCase } from './cases/submit.js';
import { testReportFilingCase } from './cases/test-report-filing.js';
import { testReportPdfCase } from './cases/test-report-pdf.js';
import { uploadsCase } from './cases/uploads.js';
import { webhooksCase } from './cases/webhooks.js';
import { type BenchContext, Recorder, scaleLabel } from './context.js';
import {
  largeOrganization,
  type OrganizationRef,
  staffToken,
  typicalOrganization,
} from './fixtures.js';
import { round, startServer } from './harness.js';
import { fromCommandLine, parseBenchOptions } from './options.js';
import { describeMachine, saveResults, table } from './report.js';
import { seedBenchData, seedOrganizations } from './seed.js';

// npm run bench                 the full suite (about 10 minutes): 10k then 100k users
// npm run bench -- --quick      a smoke run of every case on tiny data (CI; under a minute)
// Options: --users N (full scale), --save / --no-save (quick runs are not saved by default),
// --only submit,lookup (run only the cases whose names start with these; saves nothing),
// --profile DIR (the server's CPU profile, for Chrome DevTools, is written to DIR at the end),
// --statements (after each case, the SQL statements that took PostgreSQL the longest, nested
// ones such as triggers' and foreign-key checks' included, from pg_stat_statements).

const options = fromCommandLine(parseBenchOptions);
const { only, quick, users, save } = options;
/** Whether the case of this name is part of this run. */
const selected = (name: string) => !only || only.some((prefix) => name.startsWith(prefix));
/** Growth is measured from a tenth of the full size; the organization search up to 50,000. */
const smallUsers = Math.round(users / 10);
const manyOrganizations = quick ? 1000 : 50_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const recorder = new Recorder();
const startedAt = new Date();
const log = (line: string) =>
  console.log(
    `[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(3)} s] ${line}`,
  );

/** Runs a case; a case that throws is recorded as broken and the suite goes on. */
async function run(name: string, work: () => Promise<unknown>) {
  if (!selected(name)) return;
  log(name);
  if (options.statements) await db?.query('select pg_stat_statements_reset()');
  try {
    await work();
  } catch (error) {
    recorder.fail(name, error instanceof Error ? error.message : String(error));
  }
  if (options.statements && db) await printStatements(db);
}

/** The statements that took the server the longest since the last reset. */
async function printStatements(db: pg.Pool) {
  const { rows } = await db.query(
    `select calls, round(total_exec_time)::int as total_ms,
            round((total_exec_time / greatest(calls, 1))::numeric, 3) as mean_ms,
            plans, round((total_plan_time / greatest(plans, 1))::numeric, 3) as plan_ms, rows,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as statement
       from pg_stat_statements
      where query not like '%pg_stat_statements%'
      order by total_exec_time + total_plan_time desc limit 12`,
  );
  console.table(rows);
}

/** Bulk loads leave the visibility map unset; a live database has been vacuumed. */
async function settle(db: pg.Pool) {
  await db.query('vacuum analyze');
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'backflow-bench-'));
await chmod(workDir, 0o755);
const database = await startDatabase(
  { databaseUrl: undefined, dataDir: path.join(workDir, 'data') },
  {
    ephemeral: true,
    settings: options.statements
      ? {
          shared_preload_libraries: 'pg_stat_statements',
          'pg_stat_statements.track': 'all',
          'pg_stat_statements.track_planning': 'on',
        }
      : undefined,
  },
);
let db: pg.Pool | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let machine: Awaited<ReturnType<typeof describeMachine>> | undefined;
try {
  const orm = await createOrm({ databaseUrl: database.url });
  await migrate(orm);
  await orm.close(true);
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle connection dropped by the server must not end the run (the cases report their own).
  db.on('error', (error) => log(`fixture connection: ${error.message}`));
  machine = await describeMachine(db);
  if (options.statements) await db.query('create extension pg_stat_statements');

  log(`seeding ${smallUsers} users`);
  await seedBenchData(database.url, { users: smallUsers });
  await settle(db);

  const dataDir = path.join(workDir, 'server');
  const serverEnv = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    WEB_ROOT: path.join(root, 'dist'),
    PUBLIC_URL: 'http://127.0.0.1',
    ADMIN_EMAIL: 'bench-admin@example.org',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    // Never used: the job worker (which sends mail) is off in the bench server; the email
    // case's sender names its own receiver.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    RATE_LIMIT_ORGINFO_PER_MINUTE: '100000000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '100000000',
    RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000',
    // The load generator stands for the proxy: a case may name the client in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
  };
  server = await startServer(serverEnv, options.profile && path.resolve(options.profile));
  const context: BenchContext = {
    quick,
    loadSeconds: quick ? 1 : 5,
    server,
    startInstance: () => startServer(serverEnv),
    db,
    uploadsDir: path.join(dataDir, 'uploads'),
    token: await staffToken(db, server.baseUrl),
    recorder,
    workDir,
  };

  await run('start-up', async () => {
    await db?.query('create database startup_empty');
    const empty = new URL(database.url);
    empty.pathname = '/startup_empty';
    await startupCase(context, serverEnv, empty.toString(), await freePort());
  });
  // Before any case that stages messages (the reminder run, submits) leaves some unsent.
  await run('email', () => emailCase(context, serverEnv));
  await run('webhooks', () => webhooksCase(context, serverEnv));

  const small = scaleLabel(smallUsers);
  let typical: OrganizationRef = await typicalOrganization(db);
  await run(`admin lists at ${small}`, () => userListsCase(context, small, smallUsers, typical));
  await run(`review queue at ${small}`, () => reviewQueueCase(context, small, typical));
  await run(`expiring at ${small}`, () => expiringCase(context, small, typical));
  await run(`organization people at ${small}`, () =>
    organizationPeopleCase(context, small, typical),
  );
  await run(`reminder run at ${small}`, () =>
    reminderRunCase(context, small, database.url, smallUsers),
  );
  await run(`standing run at ${small}`, () => standingRunCase(context, small, database.url));
  const smallTesters = scaleLabel(smallUsers, 'testers');
  await run(`directory at ${smallTesters}`, () =>
    directoryCase(context, smallTesters, database.url, smallUsers),
  );

  log(`seeding ${users - smallUsers} more users`);
  await seedBenchData(database.url, { users: users - smallUsers });
  await settle(db);
  const full = scaleLabel(users);
  typical = await typicalOrganization(db);
  const organizations = Math.round(users / 50);

  // Each growth figure compares two scales measured as close together as the seeding allows:
  // the machine's speed can change within minutes.
  await run(`admin lists at ${full}`, () => userListsCase(context, full, users, typical));
  await run(`review queue at ${full}`, () => reviewQueueCase(context, full, typical));
  await run(`expiring at ${full}`, () => expiringCase(context, full, typical));
  await run(`organization people at ${full}`, () => organizationPeopleCase(context, full, typical));
  await run(`reminder run at ${full}`, () => reminderRunCase(context, full, database.url, users));
  await run(`standing run at ${full}`, () => standingRunCase(context, full, database.url));
  const fullTesters = scaleLabel(users, 'testers');
  await run(`directory at ${fullTesters}`, () =>
    directoryCase(context, fullTesters, database.url, users),
  );
  await run(`integration sync at ${full}`, () => integrationSyncCase(context, full));
  await run('lookup', () => lookupCase(context, typical));
  await run('company matching', () => companyMatchingCase(context, full));
  // Before the large organization, which would give the case's registrant a 21st registration.
  await run('account', () => accountCase(context, serverEnv.PUBLIC_URL, users));
  log('creating the large organization');
  const large = await largeOrganization(db);
  await run('submit', () => submitCase(context, large));
  await run('scale-out', () => instancesCase(context, large));
  await settle(db);
  await run('reports', () => reportsCase(context, large, full));
  await run('uploads', () => uploadsCase(context, typical));
  await run('front end', () => frontendCase(context, typical));
  // Issue 38's scale: 1M assemblies over 1,000 organizations (quick: 10,000 over 100).
  const [inventoryAssemblies, inventoryOrganizations] = quick ? [10_000, 100] : [1_000_000, 1000];
  await run(`inventory lists at ${inventoryAssemblies} assemblies`, () =>
    inventoryListsCase(context, database.url, inventoryAssemblies, inventoryOrganizations),
  );
  // Issue 39: filing on that inventory, with the as-of checks.
  await run(`test report filing at ${inventoryAssemblies} assemblies`, () =>
    testReportFilingCase(context, database.url, serverEnv.PUBLIC_URL, {
      assemblies: inventoryAssemblies,
      organizations: inventoryOrganizations,
    }),
  );
  await run('pdf of a test report', () => testReportPdfCase(context));
  // A utility's billing export: 100,000 rows, about 20 MB of CSV (quick: 2,000 rows).
  const importRows = quick ? 2_000 : 100_000;
  await run(`inventory import at ${importRows} rows`, () =>
    inventoryImportCase(context, importRows),
  );

  await run(`organization search at ${organizations}`, () =>
    organizationSearchCase(context, `${organizations} organizations`),
  );
  if (selected('organization search')) {
    log(`adding organizations up to ${manyOrganizations}`);
    await seedOrganizations(database.url, manyOrganizations - organizations);
    await settle(db);
  }
  await run(`organization search at ${manyOrganizations}`, () =>
    organizationSearchCase(context, `${manyOrganizations} organizations`),
  );

  // Issue 40: the night's compliance run over issue 38's inventory (last: it writes an event per
  // assembly).
  await run(`compliance night at ${inventoryAssemblies} assemblies`, () =>
    complianceNightCase(context, database.url, inventoryAssemblies, inventoryOrganizations),
  );

  // How the lists grow with the data: p99 at the full scale over p99 at a tenth (or, for the
  // organization search, at 25 times the organizations).
  const growth = (measure: string, from: string, to: string, caseName = LISTS_CASE) => {
    const before = recorder.find(caseName, `${measure} p99`, from)?.value;
    const after = recorder.find(caseName, `${measure} p99`, to)?.value;
    recorder.record({
      case: caseName,
      measure: `${measure} p99 growth`,
      value: before && after ? round(after / before, 2) : null,
      unit: '×',
      scale: `${from} → ${to}`,
      target: { op: '<=', value: 2 },
    });
  };
  if (selected('admin lists')) {
    for (const measure of [
      'users getList name',
      'users getList organization',
      'users getList deep page',
    ]) {
      growth(measure, small, full);
    }
  }
  if (selected('review queue')) {
    for (const measure of [
      'review queue',
      'review queue organization',
      'review queue user type',
      'review queue all waiting',
      'review queue all waiting user type',
    ]) {
      growth(measure, small, full);
    }
  }
  if (selected('expiring')) {
    for (const measure of ['expiring', 'expiring organization', 'expiring expired latest']) {
      growth(measure, small, full, COMPLIANCE_CASE);
    }
  }
  if (selected('organization people')) {
    for (const measure of [
      'users getList',
      'users getList name',
      'review queue',
      'expiring',
      'audit log',
      'home summary',
      'audit log all organizations',
    ]) {
      growth(measure, small, full, PEOPLE_CASE);
    }
  }
  if (selected('directory')) {
    for (const measure of directoryMeasures()) {
      growth(measure, smallTesters, fullTesters, DIRECTORY_CASE);
    }
  }
  if (selected('organization search')) {
    for (const measure of ['search-org', 'organizations getList q']) {
      growth(measure, `${organizations} organizations`, `${manyOrganizations} organizations`);
    }
  }
} catch (error) {
  recorder.fail('suite', error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await server?.stop();
  await db?.end();
  await database.stop();
  await rm(workDir, { recursive: true, force: true });
}

if (machine) machine.loadAverage.end = os.loadavg()[0] ?? 0;
console.log(`\n${table(recorder.figures)}\n`);
if (machine) {
  console.log(
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, Node ${machine.node}, ` +
      `PostgreSQL ${machine.postgres}; load average ${machine.loadAverage.start.toFixed(2)} → ` +
      `${machine.loadAverage.end?.toFixed(2)}`,
  );
}
if (save && machine) {
  const file = await saveResults(path.join(root, 'bench', 'results'), {
    mode: quick ? 'quick' : 'full',
    startedAt,
    machine,
    figures: recorder.figures,
    failures: recorder.failures,
  });
  console.log(`Results: ${path.relative(root, file)}`);
}
const missed = recorder.figures.filter((figure) => figure.met === false);
if (missed.length) console.log(`Targets missed: ${missed.length} (see the table)`);
if (recorder.failures.length) {
  console.error(`\nBroken cases:\n${recorder.failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`Done in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`);

import { randomBytes, randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '../../api/src/modules/account/sessions.js';
import { SIGN_IN_EMAIL_KIND } from '../../api/src/modules/account/sign-in.js';
import { reminderItemName } from '../../api/src/modules/compliance/emails.js';
import type { TAccountJoinPrefill, TAccountView } from '../../shared/account.js';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages.js';
import { addDays, addMonths, todayInProgramZone } from '../../shared/program-zone.js';
import { type BenchContext, expectOk, scaleLabel } from '../context.js';
import { acceptedCertification, preUploadedDocuments } from '../fixtures.js';
import { type Latency, round, timeByTurns } from '../harness.js';

// Case: My registrations. The registrant's own page (GET /api/account/me) for a tester
// registered with 20 organizations through the final submit (the same certification on each,
// the same test kit on every third, reminders already sent about both), signed in through an
// emailed link, timed call by call by turns with the server's bare route. Then the sign-in link
// asked for by turns for a registered and an unknown email, each email once (3 an hour are
// allowed): the same statement either way, so the medians should barely differ. And the form of
// a 21st organization opened filled in from that record (GET /api/account/registrations/prefill),
// timed the same way. The bench server's account limit per client address is raised like its
// other public limits.

const CASE = 'account';
const ORGANIZATIONS = 20;
/** The registrant's test kit goes with every third registration. */
const KIT_EVERY = 3;
const TARGET = { op: '<=' as const, value: 50 };

interface Registrant {
  userId: number;
  email: string;
  registrations: number;
}

/** Active organizations that ask for one certification, as many as `count` (fewer on tiny data). */
async function organizationsFor(context: BenchContext, count: number) {
  const { rows } = await context.db.query<{ id: number; hash: string }>(
    `select id, form_hash as hash from organizations
      where allowed_until > current_date + 30 and required_certifications = 1
      order by id limit $1`,
    [count],
  );
  return rows;
}

/**
 * A tester who registered with each organization in turn, one final submit each, over the
 * last two years (the latest still waiting for review, the others approved). The certification
 * expires in 45 days and the kit's calibration is due in about 25.
 */
async function registerTester(context: BenchContext): Promise<Registrant> {
  const organizations = await organizationsFor(context, ORGANIZATIONS);
  const [first] = organizations;
  if (!first) throw new Error('no active organization asks for one certification');
  const runTag = randomBytes(3).toString('hex');
  const email = `registrant.${runTag}@example.com`;
  const today = todayInProgramZone();
  const certification = {
    certNum: `BF-${runTag.toUpperCase()}-0417`,
    certExp: addDays(today, 45),
    ...(await acceptedCertification(context.db, first.id)),
  };
  const kit = {
    kitSerial: `SN-${runTag}-88120`,
    kitMfr: 'Watts',
    kitModel: 'TK-99D',
    kitCalibDate: addDays(addMonths(today, -11), -5),
  };
  for (const [n, organization] of organizations.entries()) {
    const withKit = n % KIT_EVERY === 0;
    const [certDoc, kitDoc] = await preUploadedDocuments(
      context.db,
      context.uploadsDir,
      organization.id,
      withKit ? 2 : 1,
    );
    await expectOk(
      await fetch(`${context.server.baseUrl}/api/tr/submit/all`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          hashValue: organization.hash,
          companyInfo: [
            {
              companyName: `Riverside Backflow Testing ${runTag}`,
              companyPhone: '(503) 555-0142',
              companyAddress1: '1200 Mill Street',
              companyAddress2: '',
              companyCity: 'Salem',
              companyState: 'OR',
              companyZip: '97301',
            },
          ],
          userInfo: [
            {
              userType: 'tester',
              userFirstName: 'Dana',
              userLastName: 'Whitfield',
              userEmail: email,
              userPhone: '503-555-0199',
              userCerts: [{ ...certification, certDocLink: certDoc }],
            },
          ],
          testKitInfo: withKit ? [{ ...kit, kitCalibDocLink: kitDoc }] : [],
        }),
      }),
      `final submit ${n + 1}`,
    );
  }
  const { rows } = await context.db.query<{ id: number }>(
    'select id from users where lower(email) = lower($1)',
    [email],
  );
  const userId = rows[0]?.id;
  if (!userId) throw new Error('the registrant was not recorded');
  await ageRegistrations(context, userId);
  return { userId, email, registrations: organizations.length };
}

/** One registration every five weeks until today; all approved but the latest. */
async function ageRegistrations(context: BenchContext, userId: number) {
  await context.db.query(
    `with aged as (
       select id, now() - (row_number() over (order by id desc) - 1) * interval '35 days' as at
         from registrations where user_id = $1)
     update registrations r
        set registered_at = aged.at, queued_at = aged.at,
            review_state = case when aged.at < now() - interval '1 day' then 'approved' else 'pending' end,
            reviewed_at = case when aged.at < now() - interval '1 day' then aged.at + interval '2 days' end
       from aged where r.id = aged.id`,
    [userId],
  );
  await context.db.query(
    `update certifications c set review_decision = 'accepted'
       from registrations r where r.id = c.registration_id and r.user_id = $1
        and r.review_state = 'approved'`,
    [userId],
  );
  await context.db.query(
    `update test_kits k set review_decision = 'accepted'
       from registrations r
      where r.user_id = $1 and r.review_state = 'approved'
        and k.submission_id = r.submission_id and k.organization_id = r.organization_id`,
    [userId],
  );
}

/**
 * The reminders the daily run would have sent about the page's certification and kit (their
 * keys as the page names them): last year's due dates, and this year's thresholds passed.
 */
async function seedReminders(context: BenchContext, userId: number, view: TAccountView) {
  const today = todayInProgramZone();
  const [certification] = view.certifications;
  const [kit] = view.testKits;
  if (!certification || !kit?.dueOn) throw new Error('the page shows no certification or kit');
  const items = [
    {
      kind: 'certification' as const,
      key: certification.key,
      dueOn: certification.expiresOn,
      facts: {
        number: certification.number,
        agency: certification.agencyName,
        type: certification.typeName,
        serial: null,
        manufacturer: null,
        model: null,
      },
    },
    {
      kind: 'calibration' as const,
      key: kit.key,
      dueOn: kit.dueOn,
      facts: {
        number: null,
        agency: null,
        type: null,
        serial: kit.serial,
        manufacturer: kit.manufacturer,
        model: kit.model,
      },
    },
  ];
  const reminders = items.flatMap(({ kind, key, dueOn: current, facts }) => {
    const label = reminderItemName(DEFAULT_LANGUAGE, {
      kind,
      ...facts,
      dueOn: current,
      organizations: [],
    });
    return [addMonths(current, -12), current].flatMap((dueOn) =>
      [60, 30, 7]
        .map((days) => ({ kind, key, label, due_on: dueOn, days, sent_on: addDays(dueOn, -days) }))
        .filter((reminder) => reminder.sent_on <= today),
    );
  });
  await context.db.query(
    `insert into reminders (user_id, item_kind, item_key, item_label, due_on, threshold_days, sent_at)
     select $1, r.kind, r.key, r.label, r.due_on::date, r.days, r.sent_on::date + time '07:00'
       from jsonb_to_recordset($2::jsonb)
         as r(kind text, key text, label text, due_on text, days int, sent_on text)`,
    [userId, JSON.stringify(reminders)],
  );
}

/** Asks for a sign-in link as the site does (its own origin). */
function askForLink(context: BenchContext, origin: string, email: string) {
  return fetch(`${context.server.baseUrl}/api/account/sign-in-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email }),
  });
}

/** Signs in through the emailed link, as the registrant would; answers the cookie header. */
export async function signIn(
  context: BenchContext,
  origin: string,
  email: string,
): Promise<string> {
  await expectOk(await askForLink(context, origin, email), 'sign-in link');
  const { rows } = await context.db.query<{ text_body: string }>(
    `select text_body from email_outbox
      where kind = $1 and $2 = any(recipients) order by id desc limit 1`,
    [SIGN_IN_EMAIL_KIND, email],
  );
  const token = /#([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1];
  if (!token) throw new Error('no sign-in link was staged for the registrant');
  const started = await expectOk(
    await fetch(`${context.server.baseUrl}/api/account/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ token }),
    }),
    'session',
  );
  const cookie = started.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('the session answered no cookie');
  return cookie;
}

function record(
  context: BenchContext,
  label: string,
  timing: Latency,
  scale: string,
  targeted = true,
) {
  for (const measure of ['p50', 'p95', 'p99'] as const) {
    context.recorder.record({
      case: CASE,
      measure: `${label} ${measure}`,
      value: timing[measure],
      unit: 'ms',
      scale,
      ...(targeted && measure === 'p99' ? { target: TARGET } : {}),
    });
  }
  context.recorder.record({ case: CASE, measure: `${label} calls`, value: timing.calls, unit: '' });
}

/** The signed-in registrant's page. */
async function accountPage(context: BenchContext, cookie: string): Promise<TAccountView> {
  const response = await expectOk(
    await fetch(`${context.server.baseUrl}/api/account/me`, { headers: { cookie } }),
    'GET /api/account/me',
  );
  return ((await response.json()) as { message: TAccountView }).message;
}

/** Fails the case unless the page shows every registration, one certification and one kit. */
function checkAccountPage(context: BenchContext, registrant: Registrant, view: TAccountView) {
  const [certification] = view.certifications;
  const [kit] = view.testKits;
  if (
    view.registrations.length !== registrant.registrations ||
    view.certifications.length !== 1 ||
    certification?.organizations.length !== registrant.registrations ||
    !certification.reminders.length ||
    view.testKits.length !== 1 ||
    !kit?.reminders.length
  ) {
    context.recorder.fail(
      CASE,
      `the page shows ${view.registrations.length} registrations, ` +
        `${view.certifications.length} certifications and ${view.testKits.length} kits`,
    );
  }
}

/** Answers a call that fetches `path` and reads the whole answer, failing on anything but 2xx. */
function getting(context: BenchContext, path: string, headers: Record<string, string> = {}) {
  return async () => {
    const response = await expectOk(
      await fetch(`${context.server.baseUrl}${path}`, { headers }),
      `GET ${path}`,
    );
    await response.arrayBuffer();
  };
}

/**
 * The registrant's page (once its reminders are on file), one call at a time, by turns with the
 * same server's bare route (what any call costs on the machine at that moment).
 */
async function measureAccountPage(
  context: BenchContext,
  registrant: Registrant,
  cookie: string,
  scale: string,
) {
  await seedReminders(context, registrant.userId, await accountPage(context, cookie));
  checkAccountPage(context, registrant, await accountPage(context, cookie));
  const timing = await timeByTurns(
    context.quick ? 200 : 3000,
    {
      me: getting(context, '/api/account/me', { cookie }),
      bare: getting(context, '/api/bench/baseline'),
    },
    { warmUp: 20, seconds: context.quick ? 2 : 60 },
  );
  record(context, 'me', timing.me, scale);
  record(context, 'bare route, by turns with me', timing.bare, scale, false);
  context.recorder.record({
    case: CASE,
    measure: 'me registrations',
    value: registrant.registrations,
    unit: '',
  });
}

/**
 * What registering with one more organization would carry from the record (the wizard filled
 * in), one call at a time, by turns with the bare route.
 */
async function measurePrefill(
  context: BenchContext,
  registrant: Registrant,
  cookie: string,
  scale: string,
) {
  // An active organization the registrant is not registered with (one asking for one
  // certification when there is one left: a quick run's seed has few).
  const { rows } = await context.db.query<{ hash: string }>(
    `select form_hash as hash from organizations o
      where allowed_until > current_date + 30
        and not exists (select 1 from registrations r
                         where r.organization_id = o.id and r.user_id = $1)
      order by (required_certifications = 1) desc, id limit 1`,
    [registrant.userId],
  );
  const other = rows[0];
  if (!other) {
    context.recorder.fail(CASE, 'no organization is left for the registrant to register with');
    return;
  }
  const path = `/api/account/registrations/prefill?hashValue=${encodeURIComponent(other.hash)}`;
  const answer = await expectOk(
    await fetch(`${context.server.baseUrl}${path}`, { headers: { cookie } }),
    'GET /api/account/registrations/prefill',
  );
  const prefill = ((await answer.json()) as { message: TAccountJoinPrefill }).message;
  if (prefill.person.email !== registrant.email || prefill.testKits.length !== 1) {
    context.recorder.fail(
      CASE,
      `the prefill shows ${prefill.person.email} with ${prefill.testKits.length} kits`,
    );
  }
  const timing = await timeByTurns(
    context.quick ? 200 : 3000,
    {
      prefill: getting(context, path, { cookie }),
      bare: getting(context, '/api/bench/baseline'),
    },
    { warmUp: 20, seconds: context.quick ? 2 : 60 },
  );
  record(context, 'prefill', timing.prefill, scale);
  record(context, 'bare route, by turns with prefill', timing.bare, scale, false);
}

/**
 * The sign-in link for seeded people's emails and for emails nobody has, by turns, each email
 * asked for once.
 */
async function measureSignInLinks(
  context: BenchContext,
  origin: string,
  registrantId: number,
  scale: string,
) {
  const warmUp = 20;
  const { rows } = await context.db.query<{ email: string }>(
    'select email from users where id <> $1 order by md5(id::text) limit $2',
    [registrantId, warmUp + (context.quick ? 200 : 2000)],
  );
  const known = rows.map((row) => row.email);
  // Each email is asked once: a small seed has fewer registered emails than rounds wanted.
  const rounds = known.length - warmUp;
  const runTag = randomBytes(3).toString('hex');
  const asking = (email: (round: number) => string) => async (round: number) => {
    const response = await expectOk(await askForLink(context, origin, email(round)), 'sign-in');
    await response.arrayBuffer();
  };
  const timing = await timeByTurns(
    rounds,
    {
      known: asking((round) => known[round] as string),
      unknown: asking((round) => `nobody.${runTag}.${round}@example.com`),
    },
    { warmUp },
  );
  const { rows: staged } = await context.db.query<{ n: number }>(
    'select count(*)::int as n from email_outbox where kind = $1 and recipients[1] = any($2)',
    [SIGN_IN_EMAIL_KIND, known],
  );
  if (staged[0]?.n !== known.length) {
    context.recorder.fail(CASE, `${staged[0]?.n} links staged for ${known.length} known emails`);
  }
  record(context, 'sign-in link known email', timing.known, scale);
  record(context, 'sign-in link unknown email', timing.unknown, scale);
  context.recorder.record({
    case: CASE,
    measure: 'sign-in link p50 known − unknown',
    value: round(timing.known.p50 - timing.unknown.p50),
    unit: 'ms',
    scale,
  });
}

export async function accountCase(context: BenchContext, publicUrl: string, users: number) {
  const origin = new URL(publicUrl).origin;
  const scale = scaleLabel(users);
  const registrant = await registerTester(context);
  try {
    const cookie = await signIn(context, origin, registrant.email);
    await measureAccountPage(context, registrant, cookie, scale);
    await measurePrefill(context, registrant, cookie, scale);
    await measureSignInLinks(context, origin, registrant.userId, scale);
  } finally {
    // What the calls staged: links, sessions and their messages (no job worker sends them here).
    await context.db.query('delete from account_sign_in_links');
    await context.db.query('delete from account_sessions');
    await context.db.query('delete from email_outbox where kind = $1', [SIGN_IN_EMAIL_KIND]);
  }
}

import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm } from '../../api/src/db/orm.js';
import { hashPassword } from '../../api/src/modules/staff-auth/passwords.js';
import { acceptedCertification, createOrganization } from '../api/registration/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { query } from './helpers/cluster.js';
import { type Answer, call } from './helpers/http.js';
import { uploadDocument } from './helpers/registration.js';
import {
  killStartedServers,
  removeEnvironment,
  type ServerEnvironment,
  type ServerProcess,
  serverEnvironment,
  startServerProcess,
} from './helpers/server-process.js';
import { waitFor } from './helpers/wait.js';

// A whole registration, an upload, a staff sign-in, searches and reports, all carrying sentinel
// values, against the real server process at the production log level: its output (stdout and
// stderr, start to exit) must hold none of them, and every call must be logged with its id.

const tag = () => randomBytes(6).toString('hex');
const sentinels = {
  email: `sentinel.${tag()}@example.com`,
  reportRecipient: `recipient.${tag()}@example.com`,
  phone: `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  firstName: `Qzx${tag()}`,
  lastName: `Vwy${tag()}`,
  companyName: `Sentinel Backflow ${tag()}`,
  staffEmail: `staff.${tag()}@example.org`,
  password: `Sentinel-Pw-${tag()}`,
};

let database: TestDatabase;
let environment: ServerEnvironment;
let smtp: SmtpReceiver;
let server: ServerProcess;
let formHash: string;
let token = '';
const calls: { label: string; answer: Answer }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  environment = await serverEnvironment(database.url);
  smtp = await startSmtpReceiver();
  const orm = await createOrm({ databaseUrl: database.url, poolMax: 1 });
  try {
    const organization = await createOrganization(orm.em.fork());
    formHash = organization.hash;
    await query(
      database.url,
      `insert into staff_accounts (email, password_hash, active, role, created_at, updated_at)
       values ($1, $2, true, 'administrator', now(), now())`,
      [sentinels.staffEmail, await hashPassword(sentinels.password)],
    );
    server = await startServerProcess(environment, {
      JOBS: 'true',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
    });
    await walkThrough(acceptedCertification(organization), organization.id);
  } finally {
    await orm.close(true);
  }
});

afterAll(async () => {
  await killStartedServers();
  await database?.drop();
  if (environment) await removeEnvironment(environment);
  await smtp?.close();
});

async function step(label: string, answer: Promise<Answer>) {
  const done = await answer;
  calls.push({ label, answer: done });
  return done;
}

async function walkThrough(certification: Record<string, string>, organizationId: number) {
  const base = server.url;
  const personBody = {
    userFirstName: sentinels.firstName,
    userLastName: sentinels.lastName,
    userEmail: sentinels.email,
    userPhone: sentinels.phone,
  };
  const company = {
    companyName: sentinels.companyName,
    companyPhone: sentinels.phone,
    companyAddress1: '1 Sentinel Way',
    companyAddress2: '',
    companyCity: 'Springfield',
    companyState: 'IL',
    companyZip: '62701',
  };
  await step('lookup', call(base, 'GET', `/api/tr/get/orginfo/${formHash}`));
  await step(
    'user type',
    call(base, 'POST', '/api/tr/validate/usertype', { body: { userType: 'tester' } }),
  );
  await step(
    'company',
    call(base, 'POST', '/api/tr/validate/company', { body: { companyInfo: [company] } }),
  );
  const uploaded = await step('upload', uploadDocument(base, formHash));
  const tester = {
    ...personBody,
    userType: 'tester',
    userCerts: [
      {
        certNum: `C-${tag()}`,
        certExp: '2030-06-30',
        ...certification,
        certDocLink: uploaded.json().message.url,
      },
    ],
  };
  await step(
    'testers',
    call(base, 'POST', '/api/tr/validate/testers', {
      body: { hashValue: formHash, testerInfo: [tester] },
    }),
  );
  await step(
    'submit',
    call(base, 'POST', '/api/tr/submit/all', {
      headers: { 'idempotency-key': randomUUID() },
      body: { hashValue: formHash, companyInfo: [company], userInfo: [tester], testKitInfo: [] },
    }),
  );
  await step(
    'failed login',
    call(base, 'POST', '/api/sc/session/login', {
      body: { email: sentinels.staffEmail, password: `${sentinels.password}-wrong` },
    }),
  );
  const login = await step(
    'login',
    call(base, 'POST', '/api/sc/session/login', {
      body: { email: sentinels.staffEmail, password: sentinels.password },
    }),
  );
  token = login.json().verified;
  const staff = { authorization: `Bearer ${token}` };
  await step(
    'user search',
    call(
      base,
      'GET',
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: sentinels.lastName }))}`,
      {
        headers: staff,
      },
    ),
  );
  await step(
    'users list',
    call(base, 'POST', '/api/sc/get/users_list', {
      headers: staff,
      body: { orgId: organizationId, page: 1, searchQuery: sentinels.email },
    }),
  );
  await step(
    'report download',
    call(base, 'POST', `/api/sc/get/get_reports/${organizationId}`, {
      headers: staff,
      body: { range: 'All Time', deliveryMethod: 'Download', reportType: 'Users' },
    }),
  );
  await step(
    'report email',
    call(base, 'POST', `/api/sc/get/get_reports/${organizationId}`, {
      headers: staff,
      body: {
        range: 'All Time',
        deliveryMethod: 'Email',
        recipientEmail: sentinels.reportRecipient,
        reportType: 'Users',
      },
    }),
  );
  // The sign-up notification and the report are sent by the worker: wait for both.
  await waitFor('the two messages', () => smtp.messages.length >= 2, 30_000);
  await step('logout', call(base, 'POST', '/api/sc/session/user-logout', { headers: staff }));
  expect(await server.stop()).toEqual({ code: 0, signal: null });
}

describe("the server's log output", () => {
  it('carried out the walk-through', () => {
    const statuses = Object.fromEntries(calls.map(({ label, answer }) => [label, answer.status]));
    expect(statuses).toEqual({
      lookup: 200,
      'user type': 200,
      company: 200,
      upload: 200,
      testers: 200,
      submit: 200,
      'failed login': 401,
      login: 200,
      'user search': 200,
      'users list': 200,
      'report download': 200,
      'report email': 200,
      logout: 200,
    });
    const download = calls.find(({ label }) => label === 'report download')?.answer.body ?? '';
    expect(download).toContain(sentinels.email);
    expect(smtp.messages.map((message) => message.text ?? '').join('\n')).toContain(
      sentinels.lastName,
    );
  });

  it('holds no email, phone, name, password, token or form hash', () => {
    const output = server.output.join('\n');
    expect(output.length).toBeGreaterThan(1_000);
    const secrets: Record<string, string> = {
      ...sentinels,
      formHash,
      token,
      tokenSignature: token.split('.')[2] ?? token,
      emailLowerCase: sentinels.email.toLowerCase(),
      staffEmailUpperCase: sentinels.staffEmail.toUpperCase(),
    };
    const found = Object.entries(secrets)
      .filter(([, value]) => value && output.toLowerCase().includes(value.toLowerCase()))
      .map(([name]) => name);
    expect(found).toEqual([]);
  });

  it('logs every call with its request id and outcome', () => {
    const logs = server.logs();
    for (const { label, answer } of calls) {
      const requestId = answer.headers['x-request-id'];
      const lines = logs.filter((line) => line.requestId === requestId);
      expect(lines.length, label).toBeGreaterThan(0);
      const completed = lines.find((line) => line.msg === 'request completed');
      expect((completed?.res as { statusCode?: number })?.statusCode, label).toBe(answer.status);
    }
  });
});

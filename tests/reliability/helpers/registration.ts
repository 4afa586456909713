import type http from 'node:http';
import {
  acceptedCertification,
  companyInput,
  email,
  multipartBody,
  type OrganizationFixture,
  PNG,
  person,
  unique,
} from '../../api/registration/fixtures.js';
import { query } from './cluster.js';
import { type Answer, call } from './http.js';

// Registrations through the public API over real HTTP, and the database checks that say
// whether a submit left all of itself or none of itself.

export const SUBMIT_PATH = '/api/tr/submit/all';

export interface FileToUpload {
  content: Buffer | { path: string };
  filename?: string;
  contentType?: string;
}

export function uploadDocument(
  base: string,
  hash: string,
  file: FileToUpload = { content: PNG },
  options: { agent?: http.Agent; timeoutMs?: number } = {},
): Promise<Answer> {
  const body = multipartBody([
    { name: 'orgHash', value: hash },
    {
      name: 'file',
      filename: file.filename ?? 'certificate.png',
      contentType: file.contentType ?? 'image/png',
      content: file.content,
    },
  ]);
  return call(base, 'POST', '/api/uploads/docUpload', {
    raw: body.payload,
    headers: body.headers,
    ...options,
  });
}

export async function uploadedLink(base: string, hash: string, agent?: http.Agent) {
  const answer = await uploadDocument(base, hash, undefined, { agent });
  if (answer.status !== 200) throw new Error(`upload failed: ${answer.status} ${answer.body}`);
  return answer.json().message.url as string;
}

export interface TFullRegistration {
  hashValue: string;
  companyInfo: (Record<string, unknown> & { companyName: string })[];
  userInfo: (Record<string, unknown> & {
    userEmail: string;
    userCerts?: (Record<string, unknown> & { certDocLink: string })[];
  })[];
  testKitInfo: (Record<string, unknown> & { kitSerial: string; kitCalibDocLink: string })[];
}

/** A new company, one admin and one tester with a certification, and one test kit. */
export async function fullRegistration(
  base: string,
  organization: OrganizationFixture,
): Promise<TFullRegistration> {
  const [certDocLink, kitCalibDocLink] = [
    await uploadedLink(base, organization.hash),
    await uploadedLink(base, organization.hash),
  ];
  return {
    hashValue: organization.hash,
    companyInfo: [companyInput()],
    userInfo: [
      person({ userType: 'admin', userEmail: email('admin') }),
      person({
        userType: 'tester',
        userEmail: email('tester'),
        userCerts: [
          {
            certNum: `C-${unique()}`,
            certExp: '2030-06-30',
            ...acceptedCertification(organization),
            certDocLink,
          },
        ],
      }),
    ],
    testKitInfo: [
      {
        kitSerial: `SN-${unique()}`,
        kitMfr: 'Watts',
        kitModel: 'TK-99',
        kitCalibDate: '2025-04-01',
        kitCalibDocLink,
      },
    ],
  };
}

/** How much of one registration the database holds. */
export async function registrationState(url: string, body: TFullRegistration, key: string) {
  const emails = body.userInfo.map((user) => user.userEmail.toLowerCase());
  const [company] = body.companyInfo;
  const documents = [
    ...body.userInfo.flatMap((user) => (user.userCerts ?? []).map((cert) => cert.certDocLink)),
    ...body.testKitInfo.map((kit) => kit.kitCalibDocLink),
  ];
  const [row] = await query<Record<string, number>>(
    url,
    `select
       (select count(*) from submissions where idempotency_key = $1)::int as submissions,
       (select count(*) from users where lower(email) = any($2))::int as users,
       (select count(*) from registrations r join users u on u.id = r.user_id
         where lower(u.email) = any($2))::int as registrations,
       (select count(*) from companies where name = $3)::int as companies,
       (select count(*) from certifications c join users u on u.id = c.user_id
         where lower(u.email) = any($2))::int as certifications,
       (select count(*) from test_kits where serial = $4)::int as "testKits",
       (select count(*) from documents where id = any($5::uuid[])
         and attached_at is not null)::int as "attachedDocuments",
       (select count(*) from email_outbox o join submissions s
          on o.dedupe_key = 'signup:' || s.id where s.idempotency_key = $1)::int as notifications`,
    [key, emails, company?.companyName, body.testKitInfo[0]?.kitSerial, documents],
  );
  return row;
}

export const COMPLETE = {
  submissions: 1,
  users: 2,
  registrations: 2,
  companies: 1,
  certifications: 1,
  testKits: 1,
  attachedDocuments: 2,
  notifications: 1,
};
export const NOTHING = Object.fromEntries(Object.keys(COMPLETE).map((key) => [key, 0]));

/**
 * Whole-database invariants of the final submit: every submission is complete (company,
 * registrations, notification), nothing a submit writes exists without its submission, and
 * no document is attached to nothing. Answers the violations found (empty when sound).
 */
export async function halfWrittenRegistrations(url: string): Promise<Record<string, number>> {
  const [row] = await query<Record<string, number>>(
    url,
    `select
       (select count(*) from submissions s where s.company_id is null
          or s.response->>'code' is distinct from 'SUCCESS'
          or not exists (select 1 from registrations r where r.submission_id = s.id)
          or not exists (select 1 from email_outbox o where o.dedupe_key = 'signup:' || s.id)
       )::int as "incompleteSubmissions",
       (select count(*) from registrations where submission_id is null)::int
         as "registrationsWithoutSubmission",
       (select count(*) from users u where not exists
          (select 1 from registrations r where r.user_id = u.id))::int as "usersWithoutRegistration",
       (select count(*) from companies c where not exists
          (select 1 from registrations r where r.company_id = c.id))::int
         as "companiesWithoutRegistration",
       (select count(*) from documents d where d.attached_at is not null
          and not exists (select 1 from certifications c where c.document_id = d.id)
          and not exists (select 1 from test_kits k where k.document_id = d.id))::int
         as "documentsAttachedToNothing",
       (select count(*) from certifications c join documents d on d.id = c.document_id
          where d.attached_at is null)::int as "certificationsWithUnattachedDocument",
       (select count(*) from test_kits k join documents d on d.id = k.document_id
          where d.attached_at is null)::int as "kitsWithUnattachedDocument"`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).filter(([, count]) => count !== 0));
}

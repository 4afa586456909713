import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { App } from '../../../api/src/app.js';
import {
  CertificationAgency,
  Organization,
  OrganizationAgency,
} from '../../../api/src/db/entities/index.js';
import { newFormHash } from '../../../api/src/modules/organizations/form-hash.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';

// Builders for the public registration tests: organizations written directly (staff create
// them elsewhere), everything else through the public calls.

export const unique = () => randomBytes(5).toString('hex');

/** A different client address per call, so per-IP rate limits never couple unrelated tests. */
export const randomAddress = () =>
  `10.${1 + ((randomBytes(1)[0] ?? 0) % 250)}.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;

export interface OrganizationFixture {
  id: number;
  name: string;
  hash: string;
  primaryEmail: string;
  /** Enabled agency ids with their linked type ids. */
  agencies: Record<string, { name: string; types: Record<string, string> }>;
}

/** A day relative to today in the program's time zone, as the server judges links and expiry. */
export function isoDay(offsetDays: number, from = new Date()): string {
  return addDays(todayInProgramZone(from), offsetDays);
}

export async function createOrganization(
  em: EntityManager,
  options: {
    allowedUntil?: string;
    requiredCertifications?: number;
    agencies?: string[];
    acceptExpiredCertifications?: boolean;
  } = {},
): Promise<OrganizationFixture> {
  const organization = em.create(Organization, {
    name: `Registration Test Water ${unique()}`,
    formHash: newFormHash(),
    primaryEmail: `clerk-${unique()}@city.example.gov`,
    extraEmails: [],
    reportFrequency: 'weekly',
    allowedUntil: options.allowedUntil ?? '2034-12-31',
    requiredCertifications: options.requiredCertifications ?? 1,
    formBanner: 'Have your documents ready.',
    homeBanner: 'Welcome, testers.',
    internalNotes: '',
    acceptExpiredCertifications: options.acceptExpiredCertifications ?? false,
    lastReportSentAt: null,
  });
  const names = options.agencies ?? ['AWWA', 'ASSE'];
  const agencies = await em.find(CertificationAgency, { name: { $in: names } });
  for (const agency of agencies) em.create(OrganizationAgency, { organization, agency });
  await em.flush();
  const rows = await em
    .getConnection()
    .execute<{ agency_id: number; agency: string; type_id: number; type: string }[]>(
      `select a.id as agency_id, a.name as agency, t.id as type_id, t.name as type
         from organization_agencies oa
         join certification_agencies a on a.id = oa.agency_id
         join agency_types l on l.agency_id = a.id
         join certification_types t on t.id = l.type_id
        where oa.organization_id = ?`,
      [organization.id],
    );
  const enabled: OrganizationFixture['agencies'] = {};
  for (const row of rows) {
    enabled[String(row.agency_id)] ??= { name: row.agency, types: {} };
    const entry = enabled[String(row.agency_id)];
    if (entry) entry.types[String(row.type_id)] = row.type;
  }
  return {
    id: organization.id,
    name: organization.name,
    hash: organization.formHash,
    primaryEmail: organization.primaryEmail,
    agencies: enabled,
  };
}

/** An agency id and one of its type ids that the organization accepts. */
export function acceptedCertification(organization: OrganizationFixture) {
  const [agencyId, agency] = Object.entries(organization.agencies)[0] ?? [];
  const typeId = agency ? Object.keys(agency.types)[0] : undefined;
  if (!agencyId || !typeId) throw new Error('organization has no agency with types');
  return { certAgency: agencyId, certType: typeId };
}

// ---- files ----

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 0x11),
  Buffer.from([0xff, 0xd9]),
]);

type Part =
  | { name: string; value: string }
  | {
      name: string;
      filename: string;
      contentType?: string;
      content: Buffer | { path: string };
    };

/** A multipart/form-data body, streamed (file parts given by path are read from disk). */
export function multipartBody(parts: Part[]) {
  const boundary = `----test${unique()}`;
  async function* generate() {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      if (Buffer.isBuffer(part.content)) yield part.content;
      else yield* createReadStream(part.content.path, { highWaterMark: 256 * 1024 });
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  app: App,
  hash: string,
  file: { content: Buffer | { path: string }; filename?: string; contentType?: string } = {
    content: PNG,
  },
  remoteAddress = randomAddress(),
) {
  const body = multipartBody([
    { name: 'orgHash', value: hash },
    {
      name: 'file',
      filename: file.filename ?? 'certificate.png',
      contentType: file.contentType ?? 'image/png',
      content: file.content,
    },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/docUpload',
    remoteAddress,
    headers: body.headers,
    payload: body.payload,
  });
}

/** Uploads a small PNG and returns its reference. */
export async function uploadedLink(app: App, hash: string): Promise<string> {
  const response = await upload(app, hash);
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json().message.url;
}

// ---- registration bodies ----

export const email = (label = 'person') => `${label}.${unique()}@example.com`;

export function companyInput(overrides: Record<string, unknown> = {}) {
  return {
    companyName: `Registration Test Backflow ${unique()}`,
    companyPhone: '',
    companyAddress1: `${Math.floor(Math.random() * 9000) + 100} Test Street`,
    companyAddress2: '',
    companyCity: 'Springfield',
    companyState: 'IL',
    companyZip: '62701',
    ...overrides,
  };
}

export function person(overrides: Record<string, unknown> = {}) {
  return {
    userFirstName: 'Ann',
    userLastName: 'Lee',
    userEmail: email(),
    userPhone: '555-0100',
    ...overrides,
  };
}

export async function certificationFor(
  app: App,
  organization: OrganizationFixture,
  overrides: Record<string, unknown> = {},
) {
  return {
    certNum: `C-${unique()}`,
    certExp: '2030-06-30',
    ...acceptedCertification(organization),
    certDocLink: await uploadedLink(app, organization.hash),
    ...overrides,
  };
}

export async function testKitFor(
  app: App,
  organization: OrganizationFixture,
  overrides: Record<string, unknown> = {},
) {
  return {
    kitSerial: `SN-${unique()}`,
    kitMfr: 'Watts',
    kitModel: 'TK-99',
    kitCalibDate: '2025-04-01',
    kitCalibDocLink: await uploadedLink(app, organization.hash),
    ...overrides,
  };
}

export function submit(
  app: App,
  body: unknown,
  headers: Record<string, string> = { 'idempotency-key': randomUUID() },
) {
  return app.inject({
    method: 'POST',
    url: '/api/tr/submit/all',
    headers,
    payload: body as object,
  });
}

// ---- credential requirements (issue 27) ----

export interface CredentialRequirementFixture {
  /** A credential type's name (the seeded ones: 'General liability insurance' …). */
  type: string;
  required?: boolean;
  minimumCoverage?: number | null;
  additionalInsured?: boolean;
}

/**
 * Makes the organization ask for credentials, written straight into its requirements (staff set
 * them on the console elsewhere); returns each type's id by name.
 */
export async function requireCredentials(
  em: EntityManager,
  organizationId: number,
  requirements: CredentialRequirementFixture[],
): Promise<Record<string, number>> {
  const connection = em.getConnection();
  const ids: Record<string, number> = {};
  for (const requirement of requirements) {
    const [type] = await connection.execute<{ id: number }[]>(
      'select id from credential_types where name = ?',
      [requirement.type],
    );
    if (!type) throw new Error(`no credential type ${requirement.type}`);
    ids[requirement.type] = type.id;
    await connection.execute(
      `insert into organization_credential_requirements
         (organization_id, credential_type_id, required, minimum_coverage, additional_insured)
       values (?, ?, ?, ?, ?)`,
      [
        organizationId,
        type.id,
        requirement.required ?? true,
        requirement.minimumCoverage ?? null,
        requirement.additionalInsured ?? false,
      ],
    );
  }
  return ids;
}

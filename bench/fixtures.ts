import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { newFormHash } from '../api/src/modules/organizations/form-hash.js';
import { hashPassword } from '../api/src/modules/staff-auth/passwords.js';
import { expectOk } from './context.js';

// Data the cases need beyond the seeded bulk, written with SQL: a staff login, one large
// organization, documents "already uploaded".

/** A small but real PDF (file-type recognizes it); every pre-created document links to it. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A staff account written to the database, signed in through the real call. */
export async function staffToken(db: pg.Pool, baseUrl: string): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.org`;
  const password = `bench-${randomBytes(12).toString('hex')}`;
  await db.query(
    `insert into staff_accounts (email, password_hash, active, role)
     values ($1, $2, true, 'administrator')`,
    [email, await hashPassword(password)],
  );
  const response = await expectOk(
    await fetch(`${baseUrl}/api/sc/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    'staff login',
  );
  const { verified } = (await response.json()) as { verified: string };
  return verified;
}

export interface OrganizationRef {
  id: number;
  name: string;
  hash: string;
}

/** An active organization of ordinary size (the median number of registrations). */
export async function typicalOrganization(db: pg.Pool): Promise<OrganizationRef> {
  const { rows } = await db.query<OrganizationRef>(
    `select o.id, o.name, o.form_hash as hash from organizations o
       join (select organization_id, count(*) n from registrations group by organization_id) r
         on r.organization_id = o.id
      where o.allowed_until > current_date + 30
      order by r.n, o.id
      offset (select count(distinct organization_id) / 2 from registrations) limit 1`,
  );
  const found = rows[0];
  if (!found) throw new Error('no active organization with registrations: seed first');
  return found;
}

/**
 * One statewide program every seeded person registered with (one registration each, testers
 * with their certifications): the large organization of the report case.
 */
export async function largeOrganization(db: pg.Pool): Promise<OrganizationRef> {
  const name = `Statewide Backflow Program ${randomBytes(3).toString('hex')}`;
  const hash = newFormHash();
  const { rows } = await db.query<{ id: number }>(
    `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until, required_certifications)
     values ($1, $2, 'statewide@example.gov', 'weekly', current_date + 3650, 2) returning id`,
    [name, hash],
  );
  const id = rows[0]?.id as number;
  await db.query(
    `insert into organization_agencies (organization_id, agency_id)
     select $1, id from certification_agencies`,
    [id],
  );
  await db.query(
    `insert into registrations (user_id, organization_id, company_id, enrolled, registered_at)
     select u.id, $1, (select min(company_id) from user_companies uc where uc.user_id = u.id),
            u.id % 2 = 0, u.created_at
       from users u`,
    [id],
  );
  await db.query(
    `insert into certifications (user_id, registration_id, number, expires_on, agency_id, agency_name, type_id, type_name)
     select c.user_id, r.id, c.number, c.expires_on, c.agency_id, c.agency_name, c.type_id, c.type_name
       from registrations r
       join lateral (select * from certifications c where c.user_id = r.user_id order by c.id limit 2) c on true
      where r.organization_id = $1`,
    [id],
  );
  await db.query('analyze registrations');
  await db.query('analyze certifications');
  return { id, name, hash };
}

/**
 * `count` documents of the organization as if just uploaded (unattached), each with its own
 * storage key hard-linked to one small PDF: cheap to make, and real files for the IE bundle.
 */
export async function preUploadedDocuments(
  db: pg.Pool,
  uploadsDir: string,
  organizationId: number,
  count: number,
): Promise<string[]> {
  const source = path.join(uploadsDir, 'bench-source.pdf');
  await mkdir(uploadsDir, { recursive: true });
  await writeFile(source, SMALL_PDF);
  const keys = Array.from({ length: count }, () => randomUUID());
  const shards = new Set(keys.map((key) => key.slice(0, 2)));
  for (const shard of shards) await mkdir(path.join(uploadsDir, shard), { recursive: true });
  for (const key of keys) await link(source, path.join(uploadsDir, key.slice(0, 2), key));
  const { rows } = await db.query<{ id: string }>(
    `insert into documents (organization_id, storage_key, original_name, content_type, size, sha256)
     select $1, key, 'certificate.pdf', 'application/pdf', $2, $3 from unnest($4::text[]) key
     returning id`,
    [organizationId, SMALL_PDF.length, 'bench'.padEnd(64, '0'), keys],
  );
  // A live database has statistics: thousands of unattached uploads appear over hours.
  await db.query('analyze documents');
  return rows.map((row) => row.id);
}

/** An agency and one of its types that the organization's form accepts. */
export async function acceptedCertification(
  db: pg.Pool,
  organizationId: number,
): Promise<{ certAgency: string; certType: string }> {
  const { rows } = await db.query<{ agency_id: number; type_id: number }>(
    `select oa.agency_id, min(l.type_id) as type_id from organization_agencies oa
       join agency_types l on l.agency_id = oa.agency_id
      where oa.organization_id = $1 group by oa.agency_id order by oa.agency_id limit 1`,
    [organizationId],
  );
  const row = rows[0];
  if (!row) throw new Error('the organization accepts no certification');
  return { certAgency: String(row.agency_id), certType: String(row.type_id) };
}

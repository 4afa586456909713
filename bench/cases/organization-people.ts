import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../api/src/modules/staff-auth/passwords.js';
import type { BenchContext } from '../context.js';
import type { OrganizationRef } from '../fixtures.js';
import { get, measure } from './admin-lists.js';

// An organization's person in the console: the lists they open (Find Users, the Review Queue,
// Expiring, the audit log, the home's counts) narrowed by the server to their organization,
// timed call by call like the provider's lists. The audit log holds ten entries per user
// spread over every organization (a year of work), the person's organization's among them.

export const CASE = 'organization people';
const PAGE_SIZE = 25;
const NAME_QUERIES = ['garcia', 'smith', 'nguyen', 'patel', 'miller', 'anne', 'lee', 'johnson'];

function listPath(resource: string, filter: object, sort: [string, string]) {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, PAGE_SIZE - 1]),
    sort: JSON.stringify(sort),
  });
  return `/api/admin/${resource}?${query}`;
}

/** Audit entries up to `perUser` per user, each of a registration of its organization. */
async function seedAudit(context: BenchContext, perUser: number) {
  const { rows } = await context.db.query<{ users: number; entries: number }>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from audit_log) as entries`,
  );
  const wanted = (rows[0]?.users ?? 0) * perUser - (rows[0]?.entries ?? 0);
  if (wanted <= 0) return;
  await context.db.query(
    `insert into audit_log (staff_id, staff_email, staff_role, action, entity_type, entity_id,
            before, after, organization_id, created_at)
     select null, 'bench-staff@example.org', 'editor', 'update', 'registration', r.id::text,
            '{"enrolled":false}'::jsonb, '{"enrolled":true}'::jsonb, r.organization_id,
            now() - (n * interval '31 seconds')
       from generate_series(1, $1::int) n
       join registrations r on r.id = 1 + (n::bigint * 7919) % (select max(id) from registrations)`,
    [wanted],
  );
  await context.db.query('vacuum analyze audit_log');
}

/** A Program manager of the organization, signed in: their token. */
export async function programManagerToken(
  context: BenchContext,
  organization: Pick<OrganizationRef, 'id'>,
) {
  const email = `bench-pm-${randomBytes(4).toString('hex')}@example.org`;
  const password = `bench-${randomBytes(12).toString('hex')}`;
  await context.db.query(
    `with account as (
       insert into staff_accounts (email, password_hash, active, role)
       values ($1, $2, true, null) returning id)
     insert into organization_memberships (staff_id, organization_id, role)
     select id, $3, 'program_manager' from account`,
    [email, await hashPassword(password), organization.id],
  );
  const response = await fetch(`${context.server.baseUrl}/api/sc/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`program manager login: HTTP ${response.status}`);
  return ((await response.json()) as { verified: string }).verified;
}

export async function organizationPeopleCase(
  context: BenchContext,
  scale: string,
  organization: OrganizationRef,
) {
  await seedAudit(context, 10);
  const person = { ...context, token: await programManagerToken(context, organization) };
  const lists: [string, (i: number) => string][] = [
    ['users getList', () => listPath('users', {}, ['lastName', 'ASC'])],
    [
      'users getList name',
      (i) => listPath('users', { q: NAME_QUERIES[i % NAME_QUERIES.length] }, ['lastName', 'ASC']),
    ],
    ['review queue', () => listPath('review', {}, ['queuedAt', 'ASC'])],
    ['expiring', () => listPath('expiring', { within: '90' }, ['dueOn', 'ASC'])],
    ['audit log', () => listPath('audit', {}, ['createdAt', 'DESC'])],
    ['home summary', () => '/api/sc/get/compliance_summary'],
  ];
  for (const [name, path] of lists) {
    // The organization's people and audit entries are there (an empty answer would time
    // nothing); its queue and Expiring may be empty on a small seed.
    const first = await get(person, path(0));
    if (
      Array.isArray(first) &&
      first.length === 0 &&
      ['users getList', 'audit log'].includes(name)
    ) {
      context.recorder.fail(CASE, `${name} listed nothing for the organization`);
    }
    await measure(person, name, scale, path, CASE);
  }
  // The provider's own audit log over every organization's entries, for comparison.
  await measure(
    context,
    'audit log all organizations',
    scale,
    () => listPath('audit', {}, ['createdAt', 'DESC']),
    CASE,
  );
}

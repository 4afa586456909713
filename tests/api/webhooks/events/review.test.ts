import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armFaultPoint } from '../../../../api/src/testing/fault-points.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { createOrganization, submit, uploadedLink } from '../../registration/fixtures.js';
import { registrationOf, reviewCalls, submitRegistration } from '../../review/helpers.js';
import { signIn, staffClient } from '../../staff/helpers.js';
import { eventCount, eventsOfRegistration, typesOf } from './helpers.js';

// The review's events: one registration.submitted per registration a submit creates, one event
// per decision, none for a change that fails, and deliveries only to the endpoints that want it.

let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;
beforeAll(async () => {
  t = await createTestApp();
  calls = reviewCalls(staffClient(t.app, (await signIn(t)).token));
});
afterAll(() => t.close());

const sql = <T>(text: string, params: unknown[] = []) =>
  t.app.orm.em.fork().getConnection().execute<T[]>(text, params);

/** The status link of the registration's Changes requested email, as staged. */
async function statusLink(registrationId: number) {
  const [message] = await sql<{ text_body: string }>(
    `select text_body from email_outbox where dedupe_key like ? and text_body like '%/status/%'
      order by id desc limit 1`,
    [`review:${registrationId}:%`],
  );
  const found = /\/form\/([^/\s]+)\/status\/([A-Za-z0-9_-]+)/.exec(message?.text_body ?? '');
  if (!found?.[1] || !found[2]) throw new Error('no status link staged');
  return { hash: found[1], token: found[2] };
}

describe('registration.submitted from the form', () => {
  it('records one event per registration of a submit, each with its own ids', async () => {
    const submitted = await submitRegistration(t.app, { withAdmin: true });
    const { organization } = submitted;
    expect(submitted.registrations.size).toBe(2);
    const [company] = await sql<{ company_id: number }>(
      'select distinct company_id from registrations where organization_id = ?',
      [organization.id],
    );
    for (const [email, registrationId] of submitted.registrations) {
      const [person] = await sql<{ id: number; first_name: string; last_name: string }>(
        'select id, first_name, last_name from users where email = ?',
        [email],
      );
      const events = await eventsOfRegistration(t, registrationId);
      expect(events).toEqual([
        {
          type: 'registration.submitted',
          organization_ids: [organization.id],
          dedupe_key: null,
          data: {
            registration_id: registrationId,
            person_id: person?.id,
            organization_id: organization.id,
            company_id: company?.company_id,
            review_state: 'pending',
            via: 'form',
            summary: `${person?.first_name} ${person?.last_name}'s registration with ${organization.name} was submitted for review.`,
          },
        },
      ]);
    }
  });

  it('records nothing when the submit fails after writing, before its commit', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    armFaultPoint({ env: 'test', faultPoint: 'before-commit' }, () => {
      throw new Error('the submit fails before its commit');
    });
    try {
      await expect(submitRegistration(t.app, { organization })).rejects.toThrow('submit failed');
    } finally {
      armFaultPoint({ env: 'test', faultPoint: undefined });
    }
    const [recorded] = await sql<{ n: number }>(
      'select count(*)::int as n from webhook_events where ? = any(organization_ids)',
      [organization.id],
    );
    const [registered] = await sql<{ n: number }>(
      'select count(*)::int as n from registrations where organization_id = ?',
      [organization.id],
    );
    expect({ recorded: recorded?.n, registered: registered?.n }).toEqual({
      recorded: 0,
      registered: 0,
    });
    await submitRegistration(t.app, { organization });
    const [after] = await sql<{ n: number }>(
      'select count(*)::int as n from webhook_events where ? = any(organization_ids)',
      [organization.id],
    );
    expect(after?.n).toBe(1);
  });

  it('records nothing for a submit the validation refuses', async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const before = await eventCount(t);
    const refused = await submit(
      t.app,
      { hashValue: organization.hash, companyInfo: [], userInfo: [], testKitInfo: [] },
      { 'idempotency-key': randomUUID() },
    );
    expect(refused.json().code).not.toBe('SUCCESS');
    expect(await eventCount(t)).toBe(before);
  });
});

describe('the review decisions', () => {
  it('records registration.approved once, and nothing for a decision on a stale version', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    await calls.acceptAll(id);
    const before = await eventCount(t);
    const stale = await calls.decide(id, 'approve', { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await eventCount(t)).toBe(before);
    expect((await calls.current(id, 'approve')).statusCode).toBe(200);
    const events = await eventsOfRegistration(t, id);
    expect(events.map((event) => event.type)).toEqual([
      'registration.submitted',
      'registration.approved',
    ]);
    expect(events[1]).toMatchObject({
      organization_ids: [submitted.organization.id],
      data: {
        registration_id: id,
        organization_id: submitted.organization.id,
        review_state: 'approved',
        summary: `Tess Tester's registration with ${submitted.organization.name} was approved.`,
      },
    });
  });

  it('records registration.changes_requested with the documents sent back, then submitted when corrected', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    const record = await calls.review(id);
    const certificationId = record.certifications[0].id;
    await calls.document(id, 'certification', certificationId, 'rejected', {
      reason: 'unreadable',
      note: 'A private note for the registrant.',
    });
    expect((await calls.current(id, 'request_changes')).statusCode).toBe(200);
    const [, requested] = await eventsOfRegistration(t, id);
    expect(requested).toMatchObject({
      type: 'registration.changes_requested',
      organization_ids: [submitted.organization.id],
      data: {
        review_state: 'changes_requested',
        items: [{ kind: 'certification', id: certificationId, reason: 'unreadable' }],
        summary: `${submitted.organization.name} asked Tess Tester to correct a document of their registration.`,
      },
    });
    expect(JSON.stringify(requested?.data)).not.toContain('private note');

    const link = await statusLink(id);
    const status = (
      await t.app.inject({ method: 'GET', url: `/api/tr/status/${link.hash}/${link.token}` })
    ).json().message.status;
    const [certification] = status.certifications;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/tr/status/${link.hash}/${link.token}`,
      payload: {
        certifications: [
          {
            id: certification.id,
            certNum: certification.number,
            certExp: certification.expiresOn,
            certAgency: certification.agencyId,
            certType: certification.typeId,
            certDocLink: await uploadedLink(t.app, link.hash),
          },
        ],
        testKits: [],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const events = await eventsOfRegistration(t, id);
    expect(events.map((event) => event.type)).toEqual([
      'registration.submitted',
      'registration.changes_requested',
      'registration.submitted',
    ]);
    expect(events[2]?.data).toMatchObject({
      via: 'corrections',
      review_state: 'pending',
      summary: `Tess Tester sent corrections to ${submitted.organization.name}; the registration waits for review.`,
    });
  });

  it('records registration.rejected with its reason', async () => {
    const submitted = await submitRegistration(t.app);
    const id = registrationOf(submitted, submitted.testerEmail);
    const rejected = await calls.current(id, 'reject', {
      reason: 'duplicate',
      note: 'Seen before.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const events = await eventsOfRegistration(t, id);
    expect(events.map((event) => event.type)).toEqual([
      'registration.submitted',
      'registration.rejected',
    ]);
    expect(events[1]?.data).toMatchObject({
      review_state: 'rejected',
      reason: 'duplicate',
      summary: `Tess Tester's registration with ${submitted.organization.name} was rejected.`,
    });
    expect(events[1]?.data).not.toHaveProperty('note');
  });
});

describe('deliveries', () => {
  it("writes a delivery to an endpoint wanting the event, none to another organization's or type's", async () => {
    const organization = await createOrganization(t.app.orm.em.fork());
    const other = await createOrganization(t.app.orm.em.fork());
    const endpoint = async (organizationId: number | null, types: string[]) => {
      const [row] = await sql<{ id: number }>(
        `insert into webhook_endpoints (url, event_types, organization_id, secret_sealed)
         values ('https://receiver.example/hooks', ?::text[], ?, 'x') returning id`,
        [`{${types.join(',')}}`, organizationId],
      );
      return row?.id as number;
    };
    const wanted = await endpoint(organization.id, ['registration.submitted']);
    const everyOrganization = await endpoint(null, ['registration.submitted', 'person.updated']);
    const otherOrganization = await endpoint(other.id, ['registration.submitted']);
    const otherType = await endpoint(organization.id, ['registration.approved']);

    const submitted = await submitRegistration(t.app, { organization });
    const id = registrationOf(submitted, submitted.testerEmail);
    expect(await typesOf(t, id)).toEqual(['registration.submitted']);
    const deliveries = await sql<{ endpoint_id: number }>(
      `select d.endpoint_id from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where e.data->>'registration_id' = ? and d.endpoint_id = any(?::int[])
        order by d.endpoint_id`,
      [String(id), `{${[wanted, everyOrganization, otherOrganization, otherType].join(',')}}`],
    );
    expect(deliveries.map((row) => row.endpoint_id)).toEqual([wanted, everyOrganization]);
  });
});

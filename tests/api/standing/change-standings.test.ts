import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEmail, Registration } from '../../../api/src/db/entities/index.js';
import { changeStandings, type StandingChange } from '../../../api/src/modules/standing/service.js';
import { addCatalogue } from '../../../shared/i18n/catalogue.js';
import { es } from '../../../shared/i18n/es.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { createStaff } from '../staff/helpers.js';
import {
  registrationRow,
  registrationWithStanding,
  standingAudit,
  standingEmails,
} from './helpers.js';

// The core every caller uses (staff, the daily run): a guarded set-based change that applies a
// change only while its registration still has `from`, staging one email and one audit entry per
// change applied, in the caller's transaction.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  addCatalogue('es', es);
});
afterAll(() => t.close());

const apply = (changes: StandingChange[], actor: { staffId: number } | 'system' = 'system') =>
  t.app.orm.em.fork().transactional((tx) => changeStandings(tx, changes, actor, new Date()));

/** An automatic suspension of an active registration, with what a test changes. */
const suspension = (
  registrationId: number,
  changes: Partial<StandingChange> = {},
): StandingChange => ({
  registrationId,
  from: 'active',
  to: 'suspended',
  reason: 'Expired: General liability insurance.',
  automatic: true,
  ...changes,
});

describe('changeStandings', () => {
  it('suspends automatically as the system, with the product’s reason and how it lifts', async () => {
    const person = await registrationWithStanding(t.app, { language: 'es' });
    const changed = await apply([suspension(person.registrationId)]);
    expect(changed).toEqual([person.registrationId]);
    expect(await registrationRow(t.app, person.registrationId)).toMatchObject({
      standing: 'suspended',
      suspendedAutomatically: true,
      suspendedUntil: null,
      standingReason: 'Expired: General liability insurance.',
    });
    const [entry] = await standingAudit(t.app, person.registrationId);
    expect(entry).toMatchObject({
      staffEmail: 'system',
      staff: null,
      action: 'suspend',
      after: { standing: 'suspended', automatic: true },
    });
    const [email, ...others] = await standingEmails(t.app, person.registrationId);
    expect(others).toEqual([]);
    expect(email?.dedupeKey).toBe(`standing:${person.registrationId}:${entry?.id}`);
    expect(email?.kind).toBe('standing_suspended');
    expect(email?.recipients).toEqual([person.email]);
    // The product's reason, a catalogue message, in the person's language.
    expect(email?.textBody).toContain('Motivo: Vencido: General liability insurance.');
    expect(email?.textBody).toContain('Se levanta por sí sola en cuanto se acepte un reemplazo');
  });

  it('changes nothing, and emails no one, when the standing is no longer `from`', async () => {
    const person = await registrationWithStanding(t.app, { standing: 'suspended' });
    const changed = await apply([suspension(person.registrationId, { reason: 'Stale read' })]);
    expect(changed).toEqual([]);
    expect((await registrationRow(t.app, person.registrationId)).standingReason).toBeNull();
    expect(await standingAudit(t.app, person.registrationId)).toEqual([]);
    expect(await standingEmails(t.app, person.registrationId)).toEqual([]);
  });

  it('lapses a registration: no longer enrolled, emailed how to register again', async () => {
    const person = await registrationWithStanding(t.app);
    expect((await registrationRow(t.app, person.registrationId)).enrolled).toBe(true);
    await apply([
      suspension(person.registrationId, {
        to: 'lapsed',
        reason: 'The registration was valid through 2026-12-31.',
        until: '2027-01-31',
      }),
    ]);
    expect(await registrationRow(t.app, person.registrationId)).toMatchObject({
      standing: 'lapsed',
      enrolled: false,
      suspendedUntil: null,
    });
    const [entry] = await standingAudit(t.app, person.registrationId);
    expect(entry).toMatchObject({
      action: 'lapse',
      before: { standing: 'active', enrolled: true },
      after: { standing: 'lapsed', enrolled: false },
    });
    const [email] = await standingEmails(t.app, person.registrationId);
    expect(email?.subject).toBe(`Your ${person.organization.name} registration has lapsed`);
    expect(email?.textBody).toContain('you are no longer enrolled');
    expect(email?.textBody).toContain(
      'To register again, confirm what is on file and send anything that has expired from My registrations: http://localhost:3000/account',
    );
  });

  it('lifts an automatic suspension and clears what the suspension set', async () => {
    const person = await registrationWithStanding(t.app);
    const change = { registrationId: person.registrationId, automatic: true };
    await apply([{ ...change, from: 'active', to: 'suspended', reason: 'Expired', until: null }]);
    await apply([{ ...change, from: 'suspended', to: 'active', reason: 'Replaced' }]);
    expect(await registrationRow(t.app, person.registrationId)).toMatchObject({
      standing: 'active',
      suspendedAutomatically: false,
      standingReason: 'Replaced',
    });
    const emails = await standingEmails(t.app, person.registrationId);
    expect(emails.map((email) => email.kind)).toEqual([
      'standing_suspended',
      'standing_reinstated',
    ]);
    expect(new Set(emails.map((email) => email.dedupeKey)).size).toBe(2);
  });

  it('names the staff member who made a change in the audit log', async () => {
    const person = await registrationWithStanding(t.app);
    const staff = await createStaff(t.app, { role: 'editor' });
    const change = suspension(person.registrationId, { reason: 'By hand', automatic: false });
    await apply([change], { staffId: staff.id });
    const [entry] = await standingAudit(t.app, person.registrationId);
    expect(entry?.staffEmail).toBe(staff.email);
    expect(entry?.staff?.id).toBe(staff.id);
  });

  it('applies one change per registration when a call names one twice', async () => {
    const person = await registrationWithStanding(t.app);
    const changed = await apply([
      suspension(person.registrationId, { reason: 'First' }),
      suspension(person.registrationId, { to: 'lapsed', reason: 'Second' }),
    ]);
    expect(changed).toEqual([person.registrationId]);
    expect((await registrationRow(t.app, person.registrationId)).standing).toBe('suspended');
    expect(await standingEmails(t.app, person.registrationId)).toHaveLength(1);
  });

  it('lets only one of two transactions changing a registration at once apply it', async () => {
    const person = await registrationWithStanding(t.app);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let applied: () => void = () => {};
    const firstApplied = new Promise<void>((resolve) => {
      applied = resolve;
    });
    const change = (reason: string) => suspension(person.registrationId, { reason });
    // The first applies its change and holds its transaction open; the second's update waits
    // for the first's commit, then finds the standing moved.
    const first = t.app.orm.em.fork().transactional(async (tx) => {
      const changed = await changeStandings(tx, [change('First')], 'system', new Date());
      applied();
      await held;
      return changed;
    });
    await firstApplied;
    const second = t.app.orm.em
      .fork()
      .transactional((tx) => changeStandings(tx, [change('Second')], 'system', new Date()));
    await waitForLockWait(t.app.orm.em.fork());
    release();
    expect(await Promise.all([first, second])).toEqual([[person.registrationId], []]);
    expect((await registrationRow(t.app, person.registrationId)).standingReason).toBe('First');
    expect(await standingAudit(t.app, person.registrationId)).toHaveLength(1);
    expect(await standingEmails(t.app, person.registrationId)).toHaveLength(1);
  });

  it('changes hundreds of registrations in one call, each emailed once under its own key', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em);
    const made = await em.getConnection().execute<{ id: number }[]>(
      `with people as (
         insert into users (type, first_name, last_name, email, phone)
         select 'tester', 'Bulk', 'Person ' || n, 'bulk-' || ? || '-' || n || '@example.com', ''
           from generate_series(1, 600) n
         returning id)
       insert into registrations (user_id, organization_id, enrolled, review_state)
       select id, ?, true, 'approved' from people
       returning id`,
      [organization.id, organization.id],
    );
    const ids = made.map((row) => row.id).sort((a, b) => a - b);
    // A tenth were suspended meanwhile: their change no longer applies.
    const moved = ids.filter((_, n) => n % 10 === 0);
    await em.nativeUpdate(Registration, { id: { $in: moved } }, { standing: 'suspended' });
    const changed = await apply(ids.map((registrationId) => suspension(registrationId)));
    expect(changed.sort((a, b) => a - b)).toEqual(ids.filter((id) => !moved.includes(id)));
    const staged = await em.fork().find(OutboxEmail, { kind: 'standing_suspended' });
    const keys = staged
      .map((email) => email.dedupeKey)
      .filter((key) => ids.includes(Number(key.split(':')[1])));
    expect(keys).toHaveLength(540);
    expect(new Set(keys).size).toBe(540);
    const audited = await em
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from audit_log where action = 'suspend' and entity_id in (?)`,
        [ids.map(String)],
      );
    expect(Number(audited[0]?.n)).toBe(540);
  });
});

/** Until some transaction waits for a row lock (the second update behind the first). */
async function waitForLockWait(em: EntityManager) {
  await expect
    .poll(async () => {
      const [row] = await em.getConnection().execute<{ n: string }[]>(
        `select count(*) as n from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()`,
      );
      return Number(row?.n ?? 0);
    })
    .toBeGreaterThan(0);
}

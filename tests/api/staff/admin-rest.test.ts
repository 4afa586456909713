import { fetchUtils, type HttpError } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Registration, User } from '../../../api/src/db/entities/index.js';
import { WORD_SEARCH_COUNT_CAP } from '../../../api/src/modules/organizations/lists.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearer, signIn, unique } from './helpers.js';

let t: TestApp;
let token: string;

/** fetch() answered by app.inject, so the real dataProvider and fetchJson run unchanged. */
async function injectFetch(
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<Response> {
  const url = new URL(String(input));
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const response = await t.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: `${url.pathname}${url.search}`,
    headers,
    ...(init.body ? { payload: String(init.body) } : {}),
  });
  const responseHeaders = new Headers();
  for (const [key, value] of Object.entries(response.headers)) {
    if (value !== undefined) responseHeaders.set(key, String(value));
  }
  return new Response(response.statusCode === 204 ? null : response.body, {
    status: response.statusCode,
    headers: responseHeaders,
  });
}

const dataProvider = () =>
  simpleRestProvider('http://console.test/api/admin', (url, options = {}) =>
    fetchUtils.fetchJson(url, {
      ...options,
      user: { authenticated: true, token: `Bearer ${token}` },
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t)).token;
  vi.stubGlobal('fetch', injectFetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

const page = (perPage = 25, pageNumber = 1) => ({ page: pageNumber, perPage });

describe('organizations through ra-data-simple-rest', () => {
  it('creates, lists, reads, updates and deletes', async () => {
    const provider = dataProvider();
    const name = `Rest City ${unique()}`;
    const { data: created } = await provider.create('organizations', {
      data: { name, allowedUntil: '2031-05-01', extraEmails: ['a@example.org', ''] },
    });
    expect(created).toMatchObject({
      name,
      allowedUntil: '2031-05-01',
      extraEmails: ['a@example.org'],
      requiredCertifications: 1,
      reportFrequency: 'weekly',
      status: 'active',
    });
    expect(created.formUrl).toMatch(/\/form\/[A-Za-z0-9_-]{43}$/);
    expect(created.agencyIds).toHaveLength(3);

    const list = await provider.getList('organizations', {
      pagination: page(),
      sort: { field: 'name', order: 'ASC' },
      filter: { q: name.split(' ')[2] },
    });
    expect(list.total).toBe(1);
    expect(list.data[0]?.id).toBe(created.id);

    const { data: one } = await provider.getOne('organizations', { id: created.id });
    expect(one).toEqual(created);
    const many = await provider.getMany('organizations', { ids: [created.id, 999999] });
    expect(many.data.map((row) => row.id)).toEqual([created.id]);

    const { data: updated } = await provider.update('organizations', {
      id: created.id,
      data: { ...one, allowedUntil: '2001-01-01', requiredCertifications: 0, agencyIds: [] },
      previousData: one,
    });
    expect(updated).toMatchObject({ status: 'inactive', requiredCertifications: 0, agencyIds: [] });

    const inactive = await provider.getList('organizations', {
      pagination: page(),
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 'inactive', q: name },
    });
    expect(inactive.data.map((row) => row.id)).toEqual([created.id]);

    const { data: deleted } = await provider.delete('organizations', {
      id: created.id,
      previousData: updated,
    });
    expect(deleted.id).toBe(created.id);
    await expect(provider.getOne('organizations', { id: created.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('puts validation failures on the fields react-admin shows them on', async () => {
    const provider = dataProvider();
    const error = (await provider
      .create('organizations', { data: { name: '', requiredCertifications: 0 } })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({
      name: 'Organization Name is required.',
      allowedUntil: 'Allowed Access Until is required.',
      requiredCertifications: 'Required Certifications must be at least 1.',
    });
    expect(error.message).toBe('Organization Name is required.');

    const name = `Unique Rest ${unique()}`;
    await provider.create('organizations', { data: { name, allowedUntil: '2030-01-01' } });
    const duplicate = (await provider
      .create('organizations', { data: { name: name.toLowerCase(), allowedUntil: '2030-01-01' } })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({
      name: 'An organization with this name already exists.',
    });

    const existing = await provider.getList('organizations', {
      pagination: page(1),
      sort: { field: 'name', order: 'ASC' },
      filter: { q: name },
    });
    const rename = (await provider
      .update('organizations', {
        id: existing.data[0]?.id,
        data: { name: `${name} 2` },
        previousData: existing.data[0] as never,
      })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(rename.body.errors).toEqual({ name: 'The organization name cannot be changed.' });
  });

  it('counts a word search up to its cap, then answers the page with an unknown total', async () => {
    const tag = unique().replace(/\W/g, '');
    await t.app.orm.em.fork().execute(
      `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until)
       select 'Capped' || ? || ' Water ' || n, md5(? || n), 'city@example.org', 'weekly',
              '2030-01-01'
         from generate_series(1, ?) n`,
      [tag, tag, WORD_SEARCH_COUNT_CAP + 1],
    );
    const list = (q: string, range: string) =>
      t.app.inject({
        url: `/api/admin/organizations?range=${encodeURIComponent(range)}&filter=${encodeURIComponent(JSON.stringify({ q }))}`,
        headers: bearer(token),
      });
    const page = await list(`capped${tag}`, '[25,49]');
    expect(page.headers['content-range']).toBe('organizations 25-49/*');
    const expected = await t.app.orm.em
      .fork()
      .execute<{ name: string }[]>(
        `select name from organizations where name like ? order by lower(name), id limit 25 offset 25`,
        [`Capped${tag} %`],
      );
    expect(page.json().map((row: { name: string }) => row.name)).toEqual(
      expected.map((row) => row.name),
    );
    const counted = await list(`capped${tag} 1999`, '[0,24]');
    expect(counted.headers['content-range']).toBe('organizations 0-0/1');
  });

  it('answers Content-Range with the page and the total, and refuses unindexed sorts', async () => {
    const tag = unique();
    const provider = dataProvider();
    for (let index = 0; index < 3; index += 1) {
      await provider.create('organizations', {
        data: { name: `Paged ${tag} ${index}`, allowedUntil: '2030-01-01' },
      });
    }
    const filter = encodeURIComponent(JSON.stringify({ q: `paged ${tag}` }));
    const response = await t.app.inject({
      url: `/api/admin/organizations?sort=${encodeURIComponent('["name","DESC"]')}&range=${encodeURIComponent('[1,1]')}&filter=${filter}`,
      headers: bearer(token),
    });
    expect(response.headers['content-range']).toBe('organizations 1-1/3');
    expect(response.json().map((row: { name: string }) => row.name)).toEqual([`Paged ${tag} 1`]);
    const empty = await t.app.inject({
      url: `/api/admin/organizations?filter=${encodeURIComponent(JSON.stringify({ q: `none${tag}` }))}`,
      headers: bearer(token),
    });
    expect(empty.headers['content-range']).toBe('organizations */0');
    const badSort = await t.app.inject({
      url: `/api/admin/users?sort=${encodeURIComponent('["phone","ASC"]')}`,
      headers: bearer(token),
    });
    expect(badSort.statusCode).toBe(400);
    const badFilter = await t.app.inject({
      url: '/api/admin/organizations?filter={nope',
      headers: bearer(token),
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe('The filter parameter must be JSON.');
  });
});

describe('agencies and types through ra-data-simple-rest', () => {
  it('runs every call on both resources, with agency type links', async () => {
    const provider = dataProvider();
    const { data: type } = await provider.create('types', {
      data: { name: `Rest Type ${unique()}` },
    });
    const { data: agency } = await provider.create('agencies', {
      data: { name: `Rest Agency ${unique()}`, typeIds: [type.id] },
    });
    expect(agency.typeIds).toEqual([type.id]);
    expect((await provider.getOne('types', { id: type.id })).data).toEqual(type);
    const agencies = await provider.getList('agencies', {
      pagination: page(),
      sort: { field: 'name', order: 'ASC' },
      filter: { q: agency.name },
    });
    expect(agencies).toMatchObject({ total: 1, data: [{ id: agency.id, typeIds: [type.id] }] });
    const types = await provider.getMany('types', { ids: [type.id] });
    expect(types.data).toEqual([type]);
    const all = await provider.getList('types', {
      pagination: page(),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(all.total).toBeGreaterThanOrEqual(5);

    const { data: renamed } = await provider.update('types', {
      id: type.id,
      data: { name: `${type.name} Renamed` },
      previousData: type,
    });
    expect(renamed.name).toBe(`${type.name} Renamed`);
    const { data: relinked } = await provider.update('agencies', {
      id: agency.id,
      data: { ...agency, typeIds: [] },
      previousData: agency,
    });
    expect(relinked.typeIds).toEqual([]);
    const duplicate = (await provider
      .create('agencies', { data: { name: agency.name.toUpperCase() } })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ name: 'This certification agency already exists.' });

    await provider.delete('agencies', { id: agency.id, previousData: relinked });
    await provider.delete('types', { id: type.id, previousData: renamed });
    await expect(provider.getOne('agencies', { id: agency.id })).rejects.toMatchObject({
      status: 404,
    });
    await expect(provider.getOne('types', { id: type.id })).rejects.toMatchObject({ status: 404 });
  });
});

describe('users and registrations through ra-data-simple-rest', () => {
  it('runs every users call and filters by name, organization and enrollment', async () => {
    const provider = dataProvider();
    const tag = unique();
    const { data: organization } = await provider.create('organizations', {
      data: { name: `Users Rest ${tag}`, allowedUntil: '2030-01-01' },
    });
    const { data: user } = await provider.create('users', {
      data: {
        type: 'tester',
        firstName: `Rest${tag}`,
        lastName: 'User',
        email: `rest-${tag}@example.org`,
      },
    });
    expect(user).toMatchObject({ firstName: `Rest${tag}`, phone: '', type: 'tester' });

    const em = t.app.orm.em.fork();
    const other = em.create(User, {
      type: 'admin',
      firstName: `Other${tag}`,
      lastName: 'Person',
      email: `other-${tag}@example.org`,
      phone: '',
    });
    em.create(Registration, { user: user.id, organization: organization.id, enrolled: true });
    em.create(Registration, { user: other, organization: organization.id, enrolled: false });
    await em.flush();

    const byName = await provider.getList('users', {
      pagination: page(),
      sort: { field: 'lastName', order: 'ASC' },
      filter: { q: `rest${tag}` },
    });
    expect(byName.data.map((row) => row.id)).toEqual([user.id]);
    const ofOrganization = await provider.getManyReference('users', {
      target: 'organization',
      id: organization.id,
      pagination: page(),
      sort: { field: 'email', order: 'ASC' },
      filter: {},
    });
    expect(ofOrganization.total).toBe(2);
    expect(ofOrganization.data.map((row) => row.enrolled)).toEqual([false, true]);
    const enrolled = await provider.getList('users', {
      pagination: page(),
      sort: { field: 'id', order: 'ASC' },
      filter: { organization: organization.id, enrolled: true },
    });
    expect(enrolled.data.map((row) => row.id)).toEqual([user.id]);

    const { data: updated } = await provider.update('users', {
      id: user.id,
      data: { ...user, phone: '555-0101', email: ` Rest-${tag}@Example.org ` },
      previousData: user,
    });
    expect(updated).toMatchObject({ phone: '555-0101', email: `Rest-${tag}@Example.org` });
    const taken = (await provider
      .update('users', {
        id: user.id,
        data: { email: other.email.toUpperCase() },
        previousData: updated,
      })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ email: 'This email is already used by another user.' });
    const invalid = (await provider
      .create('users', { data: { type: 'tester', firstName: 'A', lastName: 'B', email: 'bad' } })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(invalid.body.errors).toEqual({ email: 'Invalid email.' });

    const registrations = await provider.getManyReference('registrations', {
      target: 'organization',
      id: organization.id,
      pagination: page(),
      sort: { field: 'registeredAt', order: 'DESC' },
      filter: {
        registeredAt_gte: '2000-01-01',
        registeredAt_lte: new Date().toISOString().slice(0, 10),
      },
    });
    expect(registrations.total).toBe(2);
    expect(registrations.data[0]).toMatchObject({
      organizationId: organization.id,
      organizationName: organization.name,
    });
    const future = await provider.getList('registrations', {
      pagination: page(),
      sort: { field: 'id', order: 'ASC' },
      filter: { organization: organization.id, registeredAt_gte: '2999-01-01' },
    });
    expect(future.total).toBe(0);
    const first = registrations.data[0];
    expect((await provider.getOne('registrations', { id: first?.id })).data).toEqual(first);
    expect((await provider.getMany('registrations', { ids: [first?.id] })).data).toEqual([first]);
    await expect(
      provider.create('registrations', { data: { userId: user.id } }),
    ).rejects.toMatchObject({ status: 404 });

    const { data: deleted } = await provider.delete('users', {
      id: user.id,
      previousData: updated,
    });
    expect(deleted.id).toBe(user.id);
    expect((await provider.getMany('users', { ids: [user.id] })).data).toEqual([]);
  });
});

describe('the audit log', () => {
  it('lists staff changes newest first, filterable by entity', async () => {
    const provider = dataProvider();
    const { data: type } = await provider.create('types', {
      data: { name: `Audit Type ${unique()}` },
    });
    await provider.update('types', {
      id: type.id,
      data: { name: `${type.name}!` },
      previousData: type,
    });
    const entries = await provider.getList('audit', {
      pagination: page(),
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { entityType: 'type', entityId: String(type.id) },
    });
    expect(entries.total).toBe(2);
    expect(entries.data.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(entries.data[0]).toMatchObject({
      before: { name: type.name },
      after: { name: `${type.name}!` },
    });
    expect(entries.data[0]?.staffEmail).toMatch(/@example\.org$/);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOrganizationPersonRecord } from '../../../shared/organization-people';
import { ORGANIZATION_ROLE_DESCRIPTIONS } from '../../../shared/organization-roles';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient, HttpResponse } from '../providers/httpClient';
import { accountFor, authProviderFor } from '../testing/session';
import { OrganizationPeople } from './OrganizationPeople';

afterEach(cleanup);

const ORGANIZATION = { id: 11, name: 'Alpha Water' };
const URL = '/api/admin/organization-people';

const person = (
  id: number,
  changes: Partial<TOrganizationPersonRecord> = {},
): TOrganizationPersonRecord => ({
  id,
  organizationId: ORGANIZATION.id,
  staffId: 100 + id,
  email: `person${id}@alpha.example.gov`,
  name: `Person ${id}`,
  role: 'viewer',
  status: 'active',
  twoFactorEnabled: false,
  lastSignInAt: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  ...changes,
});

const answer = (json: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status: 200,
  headers: new Headers(headers),
  body: '',
  json,
});

/**
 * The organization's people as the server keeps them: the list answers what is there now, and
 * `refuse` answers a create instead of making it.
 */
function setup(options: { people: TOrganizationPersonRecord[]; refuse?: () => never }) {
  const people = [...options.people];
  const httpClient = vi.fn<HttpClient>(async (url, init) => {
    const method = init?.method ?? 'GET';
    const id = Number(new RegExp(`^${URL}/(\\d+)`).exec(url)?.[1]);
    if (method === 'GET' && url.startsWith(`${URL}?`)) {
      return answer(people, { 'Content-Range': `organization-people 0-24/${people.length}` });
    }
    if (method === 'POST' && url === URL) {
      options.refuse?.();
      const body = JSON.parse(String(init?.body));
      const invited = person(people.length + 1, { ...body, status: 'invited' });
      people.push(invited);
      return { ...answer(invited), status: 201 };
    }
    if (method === 'POST' && url.endsWith('/password-link')) {
      return answer(people.find((one) => one.id === id));
    }
    const index = people.findIndex((one) => one.id === id);
    const found = people[index];
    if (method === 'PUT' && found) {
      people[index] = { ...found, ...JSON.parse(String(init?.body)) };
      return answer(people[index]);
    }
    if (method === 'DELETE' && found) {
      people.splice(index, 1);
      return answer(found);
    }
    throw new Error(`unexpected call ${method} ${url}`);
  });
  // The signed-in Program manager is Person 1 (staff id 101): their own row offers nothing.
  const manager = {
    ...accountFor(
      { kind: 'organization', role: 'program_manager', organizationId: ORGANIZATION.id },
      [{ ...ORGANIZATION, role: 'program_manager' }],
    ),
    id: 101,
  };
  render(
    <AdminContext
      authProvider={authProviderFor(manager)}
      dataProvider={createDataProvider(httpClient, vi.fn())}
    >
      <OrganizationPeople organization={ORGANIZATION} />
    </AdminContext>,
  );
  const calls = (method: string) =>
    httpClient.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
  return { httpClient, calls };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Chooses an option of a react-admin SelectInput. */
async function choose(container: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe("the organization page's People", () => {
  it("lists each person's role, status, two-step sign-in and last sign-in, and offers nothing on one's own row", async () => {
    setup({
      people: [
        person(1, { role: 'program_manager', twoFactorEnabled: true }),
        person(2, { role: 'reviewer', lastSignInAt: '2026-12-03T14:30:00.000Z' }),
        person(3, { status: 'invited' }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'People' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'People' });
    const own = await rowOf('Person 1 (you)');
    expect(within(own).getByText('Program manager')).toBeTruthy();
    expect(within(own).getByText('On')).toBeTruthy();
    expect(within(own).queryByRole('button')).toBeNull();

    const reviewer = await rowOf('Person 2');
    expect(within(reviewer).getByText('Reviewer')).toBeTruthy();
    expect(within(reviewer).getByText('Active')).toBeTruthy();
    expect(within(reviewer).getByText('Off')).toBeTruthy();
    expect(within(reviewer).queryByText('Never')).toBeNull();
    expect(within(reviewer).queryByRole('button', { name: /Resend link/ })).toBeNull();

    const invited = await rowOf('Person 3');
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText('Never')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Resend link to Person 3' })).toBeTruthy();
  });

  it("invites a person with a role, showing the server's refusal beside the email first", async () => {
    let refusing = true;
    const { calls } = setup({
      people: [person(1, { role: 'program_manager' })],
      refuse: () => {
        if (!refusing) return undefined as never;
        refusing = false;
        throw new HttpError('This person already has a role in this organization.', 409, {
          code: 'CONFLICT',
          message: 'This person already has a role in this organization.',
          errors: { email: 'This person already has a role in this organization.' },
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a person' });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'rita@alpha.example.gov' },
    });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Rita Reviewer' } });
    await choose(dialog, 'Role', 'Reviewer');
    expect(within(dialog).getByText(ORGANIZATION_ROLE_DESCRIPTIONS.reviewer)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    // Beside the field and in the summary above the form.
    expect(
      within(dialog).getAllByText('This person already has a role in this organization.'),
    ).toHaveLength(2);
    expect(JSON.parse(String(calls('POST')[0]?.[1]?.body))).toEqual({
      organizationId: ORGANIZATION.id,
      email: 'rita@alpha.example.gov',
      name: 'Rita Reviewer',
      role: 'reviewer',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const invited = await rowOf('Rita Reviewer');
    expect(within(invited).getByText('Reviewer')).toBeTruthy();
    expect(within(invited).getByText('Invited')).toBeTruthy();
  });

  it('changes a role from its dialog, which names what the new role may do', async () => {
    const { calls } = setup({
      people: [person(1, { role: 'program_manager' }), person(2, { role: 'viewer' })],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change role of Person 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Person 2' });
    expect(within(dialog).getByText(ORGANIZATION_ROLE_DESCRIPTIONS.viewer)).toBeTruthy();
    await choose(dialog, 'Role', 'Program manager');
    expect(within(dialog).getByText(ORGANIZATION_ROLE_DESCRIPTIONS.program_manager)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [url, init] = calls('PUT')[0] ?? [];
    expect(url).toBe(`${URL}/2`);
    expect(JSON.parse(String(init?.body))).toEqual({ role: 'program_manager' });
    await waitFor(async () =>
      expect(within(await rowOf('Person 2')).getByText('Program manager')).toBeTruthy(),
    );
  });

  it('removes a person only once asked, and sends an invitation again', async () => {
    const { calls } = setup({
      people: [person(1, { role: 'program_manager' }), person(2), person(3, { status: 'invited' })],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend link to Person 3' }));
    await waitFor(() =>
      expect(calls('POST').map(([url]) => url)).toEqual([`${URL}/3/password-link`]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Person 2' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Remove Person 2 from Alpha Water?',
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Person 2' }));
    const again = await screen.findByRole('dialog', { name: 'Remove Person 2 from Alpha Water?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Person 2')).toBeNull());
    expect(calls('DELETE').map(([url]) => url)).toEqual([`${URL}/2`]);
  });
});

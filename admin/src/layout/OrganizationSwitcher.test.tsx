// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAccountResponse } from '../../../shared/staff-responses';
import { currentAccount } from '../providers/account';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient } from '../providers/httpClient';
import { accountFor, authProviderFor } from '../testing/session';
import { OrganizationSwitcher } from './OrganizationSwitcher';

afterEach(cleanup);

const ALPHA = { id: 11, name: 'Alpha Water', role: 'reviewer' } as const;
const BRAVO = { id: 12, name: 'Bravo Utility', role: 'viewer' } as const;

const account = (organizations: TAccountResponse['organizations']) =>
  accountFor(
    organizations.length > 0
      ? { kind: 'organization', role: ALPHA.role, organizationId: ALPHA.id }
      : { kind: 'provider', role: 'administrator' },
    organizations,
  );

function setup(
  person: TAccountResponse,
  switchAnswer: () => Promise<unknown> = async () => ({ code: 'SUCCESS', message: 'Switched.' }),
) {
  const httpClient = vi.fn<HttpClient>(async (url) => {
    if (url === '/api/sc/account') {
      return { status: 200, headers: new Headers(), body: '', json: person };
    }
    if (url === '/api/sc/account/organization') {
      return { status: 200, headers: new Headers(), body: '', json: await switchAnswer() };
    }
    throw new Error(`unexpected call ${url}`);
  });
  const reload = vi.fn();
  render(
    <AdminContext
      authProvider={authProviderFor(person)}
      dataProvider={createDataProvider(httpClient, vi.fn(), vi.fn())}
    >
      <OrganizationSwitcher reload={reload} />
    </AdminContext>,
  );
  return { httpClient, reload };
}

const accountReads = (httpClient: ReturnType<typeof vi.fn<HttpClient>>) =>
  httpClient.mock.calls.filter(([url]) => url === '/api/sc/account').length;

describe('the organization switcher', () => {
  it('moves the session to the chosen organization, forgets the account and opens the console again', async () => {
    const { httpClient, reload } = setup(account([ALPHA, BRAVO]));
    // The account as the console has read it so far.
    await currentAccount(httpClient);
    const reads = accountReads(httpClient);

    fireEvent.click(await screen.findByRole('button', { name: 'Organization: Alpha Water' }));
    const current = await screen.findByRole('menuitemradio', { name: /Alpha Water/ });
    expect(current.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: /Bravo Utility/ }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const switched = httpClient.mock.calls.find(([url]) => url === '/api/sc/account/organization');
    expect(switched?.[1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ organizationId: 12 }),
    });
    await currentAccount(httpClient);
    expect(accountReads(httpClient)).toBe(reads + 1);
  });

  it('changes nothing when the organization chosen is the current one', async () => {
    const { httpClient, reload } = setup(account([ALPHA, BRAVO]));
    fireEvent.click(await screen.findByRole('button', { name: 'Organization: Alpha Water' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: /Alpha Water/ }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(reload).not.toHaveBeenCalled();
    expect(httpClient.mock.calls.some(([url]) => url === '/api/sc/account/organization')).toBe(
      false,
    );
  });

  it('stays where it is and says why when the server refuses the move', async () => {
    const { reload } = setup(account([ALPHA, BRAVO]), async () => {
      throw new HttpError('You have no role in this organization.', 404, {
        message: 'You have no role in this organization.',
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Organization: Alpha Water' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: /Bravo Utility/ }));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Organization: Alpha Water' }) as HTMLButtonElement)
          .disabled,
      ).toBe(false),
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows a person of one organization its name and no menu', async () => {
    setup(account([ALPHA]));
    await screen.findByText('Alpha Water');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the provider's staff nothing", async () => {
    const { container } = { container: document.body };
    setup(account([]));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});

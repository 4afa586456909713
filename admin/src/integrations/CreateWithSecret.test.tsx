// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient, HttpResponse } from '../providers/httpClient';
import { ApiKeys } from './ApiKeys';
import { WebhookEndpoints } from './WebhookEndpoints';

const list = (resource: string, rows: unknown[]): HttpResponse => ({
  status: 200,
  headers: new Headers({ 'Content-Range': `${resource} 0-${rows.length - 1}/${rows.length}` }),
  body: '',
  json: rows,
});

const KEY = {
  id: 7,
  name: 'Billing sync',
  organization_id: null,
  organization_name: null,
  can_fetch_documents: false,
  hint: 'bfk_live_Ab12Cd…',
  created_by: 'admin@example.com',
  created_at: '2026-11-27T09:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};

/** The lists answer what was created so far; a create is answered by `create`. */
function setup(screenToShow: 'keys' | 'endpoints', create: (body: unknown) => HttpResponse) {
  const created: unknown[] = [];
  const httpClient = vi.fn<HttpClient>(async (url, options) => {
    const resource = /\/api\/admin\/([\w-]+)/.exec(url)?.[1] ?? '';
    if (options?.method === 'POST') {
      const answer = create(JSON.parse(String(options.body)));
      created.push(answer.json);
      return answer;
    }
    return list(resource, resource === 'organizations' ? [] : created);
  });
  render(
    <AdminContext dataProvider={createDataProvider(httpClient, vi.fn())}>
      {screenToShow === 'keys' ? <ApiKeys /> : <WebhookEndpoints />}
    </AdminContext>,
  );
  return { httpClient };
}

afterEach(cleanup);

describe('creating an API key', () => {
  it('shows the secret once with Copy, closes only on Done and returns focus to the button', async () => {
    const { httpClient } = setup('keys', () => ({
      status: 201,
      headers: new Headers(),
      body: '',
      json: { ...KEY, secret: 'bfk_live_Ab12Cd_the_whole_secret' },
    }));
    const open = await screen.findByRole('button', { name: 'Create API key' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Billing sync' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(shown).getByText('Copy this key now. It is not shown again.')).toBeTruthy();
    const secret = within(shown).getByLabelText('API key') as HTMLInputElement;
    expect(secret.value).toBe('bfk_live_Ab12Cd_the_whole_secret');
    await waitFor(() => expect(document.activeElement).toBe(secret));
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    const posted = httpClient.mock.calls.find(([, options]) => options?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({
      name: 'Billing sync',
      organization_id: null,
      can_fetch_documents: false,
    });

    fireEvent.keyDown(secret, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'API key created' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Create API key'));
  });
});

describe('adding a webhook endpoint', () => {
  it("shows the server's refusal of the address on its field and stays open", async () => {
    setup('endpoints', () => {
      throw new HttpError('Check the highlighted fields.', 400, {
        code: 'VALIDATION',
        message: 'Check the highlighted fields.',
        errors: { url: 'Use an https:// address.' },
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    fireEvent.change(within(dialog).getByLabelText('Address (URL)'), {
      target: { value: 'http://example.org/hooks' },
    });
    fireEvent.click(within(dialog).getByLabelText('registration.approved'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const url = within(dialog).getByLabelText('Address (URL)');
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('Use an https:// address.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Endpoint added' })).toBeNull();
  });
});

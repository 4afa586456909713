// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, type AuthProvider, HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../providers/dataProvider';
import type { FileOrJson, FilePoster, HttpClient } from '../providers/httpClient';
import { accountFor, authProviderFor } from '../testing/session';
import { Reports } from './Reports';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(answer: () => Promise<FileOrJson>, authProvider?: AuthProvider) {
  const httpClient = vi.fn<HttpClient>(async (url) => {
    if (url === '/api/sc/get/orgsignups/11') {
      const signups = { orgId: 11, orgName: 'Alpha Water', signups: 42 };
      return { status: 200, headers: new Headers(), body: '', json: { message: signups } };
    }
    throw new Error(`unexpected call ${url}`);
  });
  const filePoster = vi.fn<FilePoster>(() => answer());
  render(
    <AdminContext
      authProvider={authProvider}
      dataProvider={createDataProvider(httpClient, vi.fn(), filePoster)}
    >
      <Reports />
    </AdminContext>,
  );
  return { filePoster };
}

const button = (name: string) => screen.getByRole('button', { name });
const chooseType = async (label: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Report Type' }));
  const option = await screen.findByRole('option', { name: label });
  return option;
};

/** A date range of today alone, typed into both ends. */
function chooseToday() {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  for (const name of ['rangeStart', 'rangeEnd']) {
    fireEvent.change(document.querySelector(`input[name="${name}"]`) as HTMLInputElement, {
      target: { value: today },
    });
  }
}

describe('the Reports screen', () => {
  it('asks for an organization and a report type before calling the server', async () => {
    const { filePoster } = setup(async () => ({ kind: 'json', json: {} }));
    fireEvent.click(button('Generate Report'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please select a valid organization.');
    expect(alert.textContent).toContain('Please select a report type.');
    expect(filePoster).not.toHaveBeenCalled();
  });

  it('All Organizations forces a date range and offers only Users and Test Kits', async () => {
    setup(async () => ({ kind: 'json', json: {} }));
    fireEvent.click(button('All Organizations'));
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    expect(button('Date Range').getAttribute('aria-pressed')).toBe('true');
    expect((button('All Time') as HTMLButtonElement).disabled).toBe(true);
    expect((await chooseType('Service Providers')).getAttribute('aria-disabled')).toBe('true');
    expect(
      screen
        .getByRole('option', { name: 'Implementation Integration Files' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(screen.getByRole('option', { name: 'Users' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('asks for both dates and a recipient, in the spec words', async () => {
    setup(async () => ({ kind: 'json', json: {} }));
    fireEvent.click(button('All Organizations'));
    fireEvent.click(button('Email'));
    fireEvent.click(await chooseType('Users'));
    fireEvent.click(button('Generate Report'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please select a start date.');
    expect(alert.textContent).toContain('Please enter an email.');
  });

  it('shows the queued-email message for 3 seconds', async () => {
    const { filePoster } = setup(async () => ({
      kind: 'json',
      json: { emailMessage: 'Your report will be emailed to clerk@city.gov shortly.' },
    }));
    fireEvent.click(button('All Organizations'));
    fireEvent.click(button('Email'));
    fireEvent.change(screen.getByLabelText('Recipient Email'), {
      target: { value: 'clerk@city.gov' },
    });
    fireEvent.click(await chooseType('Test Kits'));
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    for (const name of ['rangeStart', 'rangeEnd']) {
      const input = document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
      fireEvent.change(input, { target: { value: today } });
    }
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button('Generate Report'));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('clerk@city.gov');
    expect(filePoster).toHaveBeenCalledWith(
      '/api/sc/get/get_reports/All',
      expect.objectContaining({ reportType: 'Test Kits', deliveryMethod: 'Email' }),
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    // The message's timer starts in an effect that may run a moment after the message is
    // drawn, so the test steps the clock and measures when the message goes away.
    const shownAt = Date.now();
    for (let step = 0; step < 60 && screen.queryByRole('status'); step += 1) {
      await act(async () => {
        vi.advanceTimersByTime(100);
      });
    }
    const shownFor = Date.now() - shownAt;
    expect(screen.queryByRole('status')).toBeNull();
    expect(shownFor).toBeGreaterThanOrEqual(3000);
    expect(shownFor).toBeLessThan(6000);
  });

  it('shows the server message of a refused report, or the spec fallbacks', async () => {
    let failure: unknown = new HttpError('refused', 422, {
      message: 'Date range cannot be in the future.',
    });
    setup(async () => {
      throw failure;
    });
    fireEvent.click(button('All Organizations'));
    fireEvent.click(await chooseType('Users'));
    chooseToday();
    fireEvent.click(button('Generate Report'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Date range cannot be in the future.',
    );
    failure = new TypeError('Failed to fetch');
    fireEvent.click(button('Generate Report'));
    expect(
      await within(await screen.findByRole('alert')).findByText('API fetch failed.'),
    ).toBeTruthy();
  });

  it('shows what a long download has brought so far, and cancels it', async () => {
    let signal: AbortSignal | undefined;
    const { filePoster } = setup(async () => {
      throw new Error('replaced below');
    });
    filePoster.mockImplementation(
      (_url, _body, options) =>
        new Promise<FileOrJson>((_resolve, reject) => {
          signal = options?.signal;
          options?.onProgress?.(1_500_000);
          signal?.addEventListener('abort', () =>
            reject(new DOMException('The download was aborted.', 'AbortError')),
          );
        }),
    );
    fireEvent.click(button('All Organizations'));
    fireEvent.click(await chooseType('Users'));
    chooseToday();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button('Generate Report'));
    expect(button('Loading...')).toBeTruthy();
    // Only Loading... at first; after a moment, what has arrived and that it still works.
    expect(screen.queryByText('Still working on the report…')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.getByRole('status').textContent).toBe('Still working on the report…');
    expect(screen.getByText('Downloading the report: 1.4 MB received so far.')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Report download' }).getAttribute('aria-valuetext'),
    ).toBe('Downloading the report: 1.4 MB received so far.');

    fireEvent.click(button('Cancel Download'));
    await screen.findByText('The download was cancelled.');
    expect(screen.queryByText('Still working on the report…')).toBeNull();
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('Generate Report')).toBeTruthy();
  });
});

describe("an organization's person's Reports", () => {
  it('reports on their own organization, named, with no organization to choose', async () => {
    const reviewer = accountFor({ kind: 'organization', role: 'reviewer', organizationId: 11 }, [
      { id: 11, name: 'Alpha Water', role: 'reviewer' },
      { id: 12, name: 'Bravo Utility', role: 'viewer' },
    ]);
    const { filePoster } = setup(
      async () => ({
        kind: 'json',
        json: { emailMessage: 'Your report will be emailed shortly.' },
      }),
      authProviderFor(reviewer),
    );
    await screen.findByText('Alpha Water');
    expect(screen.getByText(/Organization:/).textContent).toBe('Organization: Alpha Water');
    expect(await screen.findByText('Total Registrations: 42')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'All Organizations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'An Organization' })).toBeNull();
    expect(screen.queryByText('Bravo Utility')).toBeNull();

    fireEvent.click(button('Email'));
    fireEvent.change(screen.getByLabelText('Recipient Email'), {
      target: { value: 'clerk@alpha.example.gov' },
    });
    fireEvent.click(await chooseType('Users'));
    fireEvent.click(button('Generate Report'));
    await screen.findByText('Your report will be emailed shortly.');
    expect(filePoster).toHaveBeenCalledWith(
      '/api/sc/get/get_reports/11',
      expect.objectContaining({ orgId: 11, orgName: 'Alpha Water', reportType: 'Users' }),
      expect.anything(),
    );
  });
});

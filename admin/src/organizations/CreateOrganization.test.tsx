// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient, HttpResponse } from '../providers/httpClient';
import { CreateOrganization } from './CreateOrganization';
import { createDefaults, validateOrganization } from './organizationForm';

const AGENCIES = {
  '1': { agency: 'AWWA', associatedTypes: {} },
  '2': { agency: 'ABPA', associatedTypes: {} },
  '3': { agency: 'ASSE', associatedTypes: {} },
  '4': { agency: 'NEBRA', associatedTypes: {} },
};

const ok = (json: unknown): HttpResponse => ({
  status: 200,
  headers: new Headers(),
  body: '',
  json,
});

function setup(submit: () => Promise<HttpResponse>) {
  const httpClient = vi.fn<HttpClient>(async (url) => {
    if (url === '/api/sc/get/certification_agencies')
      return ok({ code: 'SUCCESS', message: AGENCIES });
    if (url.startsWith('/api/sc/submit/organization/')) return submit();
    throw new Error(`unexpected call ${url}`);
  });
  const dataProvider = createDataProvider(httpClient, vi.fn());
  render(
    <AdminContext dataProvider={dataProvider}>
      <CreateOrganization />
    </AdminContext>,
  );
  return { httpClient };
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const submitForm = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
async function errorSummary() {
  const form = screen.getByRole('form', { name: 'Add Organization' });
  return within(form).findByRole('alert');
}

afterEach(cleanup);

/** The form, shown, with every create it sends recorded as its parsed body. */
async function recordingSends(): Promise<unknown[]> {
  const sent: unknown[] = [];
  const { httpClient } = setup(async () => ok({ code: 'SUCCESS' }));
  httpClient.mockImplementation(async (url, init) => {
    if (url === '/api/sc/get/certification_agencies')
      return ok({ code: 'SUCCESS', message: AGENCIES });
    sent.push(JSON.parse(String(init?.body)));
    return ok({ code: 'SUCCESS' });
  });
  await screen.findByRole('form', { name: 'Add Organization' });
  return sent;
}

describe('Add Organization defaults', () => {
  it('starts with the spec defaults', async () => {
    setup(async () => ok({ code: 'SUCCESS' }));
    await screen.findByRole('form', { name: 'Add Organization' });
    expect(field(/^Required Certifications/).value).toBe('1');
    expect((screen.getByRole('checkbox', { name: 'AWWA' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'ABPA' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'ASSE' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'NEBRA' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getAllByLabelText(/^Additional Email/)).toHaveLength(1);
    expect(screen.getByText('Sent Monday 8am EST')).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: /Form Banner Message/ }) as HTMLTextAreaElement).value,
    ).toMatch(/^Please have your company information/);
    expect(createDefaults(AGENCIES).allowedUntil).toBe('2034-12-31');
  });

  it('offers up to three additional emails, each after the first removable', async () => {
    setup(async () => ok({ code: 'SUCCESS' }));
    await screen.findByRole('form', { name: 'Add Organization' });
    expect(screen.queryByRole('button', { name: 'Remove This Email' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Another Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Another Email' }));
    expect(screen.getAllByLabelText(/^Additional Email/)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add Another Email' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Remove This Email' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove This Email' })[0] as HTMLElement);
    expect(screen.getAllByLabelText(/^Additional Email/)).toHaveLength(2);
  });
});

describe('Add Organization validation messages', () => {
  it('reports the spec messages and sends nothing', async () => {
    const { httpClient } = setup(async () => ok({ code: 'SUCCESS' }));
    await screen.findByRole('form', { name: 'Add Organization' });
    fireEvent.change(field(/^Required Certifications/), { target: { value: '0' } });
    fireEvent.change(field('Additional Email 1'), { target: { value: 'not-an-email' } });
    submitForm();
    const summary = await errorSummary();
    expect(summary.textContent).toContain('Organization Name is required.');
    expect(summary.textContent).toContain('Required Certifications must be at least 1.');
    expect(summary.textContent).toContain('Invalid email.');
    expect(screen.getAllByText('Organization Name is required.')).toHaveLength(2);
    expect(httpClient.mock.calls.some(([url]) => url.startsWith('/api/sc/submit'))).toBe(false);
  });

  it('requires Allowed Access Until', () => {
    const values = { ...createDefaults(AGENCIES), name: 'X', allowedUntil: '' };
    expect(validateOrganization(values, 'create').allowedUntil).toBe(
      'Allowed Access Until is required.',
    );
    expect(validateOrganization(values, 'edit').allowedUntil).toBe(
      'Allowed Access Until is required.',
    );
  });

  it('allows 0 required certifications on edit but not on create', () => {
    const values = { ...createDefaults(AGENCIES), name: 'X', requiredCertifications: '0' };
    expect(validateOrganization(values, 'create').requiredCertifications).toBe(
      'Required Certifications must be at least 1.',
    );
    expect(validateOrganization(values, 'edit').requiredCertifications).toBeUndefined();
  });

  it('sends the allowed embedding sites, one per line, and names a bad one at its field', async () => {
    const sent = await recordingSends();
    fireEvent.change(field(/^Organization Name/), { target: { value: 'Framed Town' } });
    const sites = screen.getByRole('textbox', { name: /Allowed Embedding Sites/ });
    fireEvent.change(sites, { target: { value: 'www.framed.gov/register' } });
    submitForm();
    expect((await errorSummary()).textContent).toContain(
      'Each allowed embedding site must be a web address such as https://www.example.gov (no path).',
    );
    expect(sent).toEqual([]);
    fireEvent.change(sites, { target: { value: 'https://www.framed.gov\n\nhttps://framed.gov' } });
    submitForm();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      orgInfo: { allowedEmbedOrigins: ['https://www.framed.gov', '', 'https://framed.gov'] },
    });
  });

  it('sends the calibration interval and the expired-certification setting, 12 and off by default', async () => {
    const sent = await recordingSends();
    fireEvent.change(field(/^Organization Name/), { target: { value: 'Calibrated Town' } });
    const interval = screen.getByRole('spinbutton', { name: /Calibration Interval/ });
    expect(interval).toHaveProperty('value', '12');
    const accept = screen.getByRole('checkbox', {
      name: 'Accept expired certifications at registration',
    });
    expect(accept).toHaveProperty('checked', false);
    fireEvent.change(interval, { target: { value: '0' } });
    submitForm();
    expect((await errorSummary()).textContent).toContain(
      'Calibration Interval must be a whole number of months from 1 to 60.',
    );
    expect(sent).toEqual([]);
    fireEvent.change(interval, { target: { value: '24' } });
    fireEvent.click(accept);
    submitForm();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      orgInfo: { calibrationIntervalMonths: '24', acceptExpiredCerts: true },
    });
  });

  it("shows the server's message as returned", async () => {
    setup(async () => {
      throw new HttpError('An organization with this name already exists.', 409, {
        code: 'CONFLICT',
        message: 'An organization with this name already exists.',
        errors: { orgURL: 'An organization with this name already exists.' },
      });
    });
    await screen.findByRole('form', { name: 'Add Organization' });
    fireEvent.change(field(/^Organization Name/), { target: { value: 'Taken Town' } });
    submitForm();
    expect((await errorSummary()).textContent).toBe(
      'An organization with this name already exists.',
    );
    expect(screen.getAllByText('An organization with this name already exists.')).toHaveLength(2);
  });

  it("says 'API submission error.' when the server sends no message", async () => {
    setup(async () => {
      throw new HttpError('Bad Gateway', 502, undefined);
    });
    await screen.findByRole('form', { name: 'Add Organization' });
    fireEvent.change(field(/^Organization Name/), { target: { value: 'Any Town' } });
    submitForm();
    await waitFor(async () =>
      expect((await errorSummary()).textContent).toBe('API submission error.'),
    );
  });
});

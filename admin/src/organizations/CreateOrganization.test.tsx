// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCredentialTypeRecord } from '../../../shared/credential-types';
import {
  ORGANIZATION_REQUIREMENT_MESSAGES,
  SUSPEND_ON_EXPIRY_LABEL,
} from '../../../shared/organization-requirements';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient, HttpResponse } from '../providers/httpClient';
import { CreateOrganization } from './CreateOrganization';
import { OrganizationInputs } from './OrganizationInputs';
import { createDefaults, type OrganizationValues, validateOrganization } from './organizationForm';

const AGENCIES = {
  '1': { agency: 'AWWA', associatedTypes: {} },
  '2': { agency: 'ABPA', associatedTypes: {} },
  '3': { agency: 'ASSE', associatedTypes: {} },
  '4': { agency: 'NEBRA', associatedTypes: {} },
};

const CREDENTIAL_TYPES: TCredentialTypeRecord[] = [
  { id: 2, name: 'Business license', holder: 'company', expires: true, facts: ['number'] },
  {
    id: 1,
    name: 'General liability insurance',
    holder: 'company',
    expires: true,
    facts: ['issuer', 'coverage', 'additionalInsured'],
  },
];

const ok = (json: unknown): HttpResponse => ({
  status: 200,
  headers: new Headers(),
  body: '',
  json,
});

/** The form's own loads: the agencies and the credential types; undefined for anything else. */
function formLoad(url: string): HttpResponse | undefined {
  if (url === '/api/sc/get/certification_agencies') {
    return ok({ code: 'SUCCESS', message: AGENCIES });
  }
  if (url.startsWith('/api/admin/credential-types?')) {
    return {
      ...ok(CREDENTIAL_TYPES),
      headers: new Headers({
        'Content-Range': `credential-types 0-${CREDENTIAL_TYPES.length - 1}/${CREDENTIAL_TYPES.length}`,
      }),
    };
  }
  return undefined;
}

function setup(submit: () => Promise<HttpResponse>) {
  const httpClient = vi.fn<HttpClient>(async (url) => {
    const loaded = formLoad(url);
    if (loaded) return loaded;
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
    const loaded = formLoad(url);
    if (loaded) return loaded;
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
    expect(validateOrganization(values, 'create', CREDENTIAL_TYPES).allowedUntil).toBe(
      'Allowed Access Until is required.',
    );
    expect(validateOrganization(values, 'edit', CREDENTIAL_TYPES).allowedUntil).toBe(
      'Allowed Access Until is required.',
    );
  });

  it('allows 0 required certifications on edit but not on create', () => {
    const values = { ...createDefaults(AGENCIES), name: 'X', requiredCertifications: '0' };
    expect(validateOrganization(values, 'create', CREDENTIAL_TYPES).requiredCertifications).toBe(
      'Required Certifications must be at least 1.',
    );
    expect(
      validateOrganization(values, 'edit', CREDENTIAL_TYPES).requiredCertifications,
    ).toBeUndefined();
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

  it('sends the directory settings, off by default, and refuses an address with spaces at its field', async () => {
    const sent = await recordingSends();
    fireEvent.change(field(/^Organization Name/), { target: { value: 'Listed Town' } });
    const publish = screen.getByRole('checkbox', {
      name: 'Publish a directory of approved testers',
    });
    expect(publish).toHaveProperty('checked', false);
    expect(screen.queryByRole('textbox', { name: 'Directory address' })).toBeNull();
    fireEvent.click(publish);
    fireEvent.change(field('Directory address'), { target: { value: 'listed town' } });
    submitForm();
    expect((await errorSummary()).textContent).toContain(
      'The directory address can have only lower-case letters, digits and single hyphens between words',
    );
    expect(sent).toEqual([]);
    fireEvent.change(field('Directory address'), { target: { value: 'listed-town' } });
    fireEvent.change(field('Disclaimer'), { target: { value: 'We endorse no one.' } });
    submitForm();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      orgInfo: {
        directoryEnabled: true,
        directorySlug: 'listed-town',
        directoryIntro: '',
        directoryDisclaimer: 'We endorse no one.',
        directoryNoindex: false,
      },
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

describe("Add Organization's requirements", () => {
  const chooseFrom = async (combobox: string, option: string, index = 0) => {
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: combobox })[index] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };
  const coverage = () => screen.queryByRole('textbox', { name: 'Minimum coverage (US dollars)' });
  const additionalInsured = () =>
    screen.queryByRole('checkbox', { name: 'Additional insured required' });
  /** The organization's fields alone, as the view/edit page shows them. */
  const showInputs = (values: OrganizationValues, options: { readOnly?: boolean } = {}) =>
    render(
      <OrganizationInputs
        values={values}
        onChange={vi.fn()}
        errors={{}}
        agencies={AGENCIES}
        credentialTypes={CREDENTIAL_TYPES}
        minCertifications={0}
        readOnly={options.readOnly}
      />,
    );

  it('asks for a minimum coverage and additional insured only where the type carries them, and sends them', async () => {
    const sent = await recordingSends();
    fireEvent.change(field(/^Organization Name/), { target: { value: 'Insured Town' } });
    await chooseFrom('Registration is valid', 'For 12 months from approval');
    fireEvent.click(screen.getByRole('checkbox', { name: SUSPEND_ON_EXPIRY_LABEL }));

    fireEvent.click(screen.getByRole('button', { name: 'Add a credential' }));
    await chooseFrom('Credential type', 'Business license');
    expect(coverage()).toBeNull();
    expect(additionalInsured()).toBeNull();
    await chooseFrom('Asked as', 'Accepted when given');

    fireEvent.click(screen.getByRole('button', { name: 'Add a credential' }));
    // Each type is listed once: the one the first row asks for cannot be chosen again.
    fireEvent.mouseDown(
      screen.getAllByRole('combobox', { name: 'Credential type' })[1] as HTMLElement,
    );
    const taken = await screen.findByRole('option', { name: 'Business license' });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'General liability insurance' }));
    fireEvent.change(coverage() as HTMLElement, { target: { value: '$1,000,000' } });
    fireEvent.click(additionalInsured() as HTMLElement);
    // Every type is asked for: nothing more to add.
    expect(screen.queryByRole('button', { name: 'Add a credential' })).toBeNull();

    submitForm();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      orgInfo: {
        registrationValidity: 'twelveMonths',
        suspendOnExpiry: true,
        credentialRequirements: [
          { credentialTypeId: '2', required: false, minimumCoverage: '', additionalInsured: false },
          {
            credentialTypeId: '1',
            required: true,
            minimumCoverage: '$1,000,000',
            additionalInsured: true,
          },
        ],
      },
    });
  });

  it('refuses a row without a type and a minimum coverage of $0, at their fields, and sends nothing', async () => {
    const sent = await recordingSends();
    fireEvent.change(field(/^Organization Name/), { target: { value: 'Careful Town' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a credential' }));
    submitForm();
    expect((await errorSummary()).textContent).toContain(
      ORGANIZATION_REQUIREMENT_MESSAGES.typeRequired,
    );

    await chooseFrom('Credential type', 'General liability insurance');
    fireEvent.change(coverage() as HTMLElement, { target: { value: '$0' } });
    submitForm();
    await waitFor(async () =>
      expect((await errorSummary()).textContent).toBe(
        ORGANIZATION_REQUIREMENT_MESSAGES.coverageInvalid,
      ),
    );
    expect(screen.getAllByText(ORGANIZATION_REQUIREMENT_MESSAGES.coverageInvalid)).toHaveLength(2);
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove this credential' }));
    submitForm();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ orgInfo: { credentialRequirements: [] } });
  });

  it('names a minimum coverage the type no longer carries, shown so it can be cleared', () => {
    const values = {
      ...createDefaults(AGENCIES),
      name: 'Stale Town',
      credentialRequirements: [
        { credentialTypeId: '2', required: true, minimumCoverage: '5000', additionalInsured: true },
      ],
    };
    expect(validateOrganization(values, 'edit', CREDENTIAL_TYPES)).toEqual({
      'credentialRequirements.0.minimumCoverage':
        ORGANIZATION_REQUIREMENT_MESSAGES.coverageNotCarried,
      'credentialRequirements.0.additionalInsured':
        ORGANIZATION_REQUIREMENT_MESSAGES.additionalInsuredNotCarried,
    });
    showInputs(values);
    expect(coverage()?.getAttribute('value')).toBe('5000');
    expect(additionalInsured()).toHaveProperty('checked', true);
  });

  it('shows the requirements read-only in the view, with nothing to add or remove', () => {
    const values = {
      ...createDefaults(AGENCIES),
      registrationValidity: 'calendarYear' as const,
      credentialRequirements: [
        {
          credentialTypeId: '1',
          required: true,
          minimumCoverage: '$2,000,000',
          additionalInsured: false,
        },
      ],
    };
    showInputs(values, { readOnly: true });
    expect(screen.getByRole('heading', { name: 'Requirements' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Registration is valid' }).textContent).toBe(
      'Through December 31 of the year it was approved',
    );
    expect(coverage()).toHaveProperty('disabled', true);
    expect(coverage()?.getAttribute('value')).toBe('$2,000,000');
    expect(screen.queryByRole('button', { name: 'Add a credential' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove this credential' })).toBeNull();
  });
});

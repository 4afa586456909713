import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createOrganization, type OrganizationFixture, person } from '../registration/fixtures.js';
import { uniqueIp } from '../staff/helpers.js';

let t: TestApp;
let organization: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  organization = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const badCompany = {
  companyInfo: [
    {
      companyName: '',
      companyAddress1: '1 Main St',
      companyCity: 'Reno',
      companyState: 'NV',
      companyZip: '1234',
    },
  ],
};

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('public answers in the registrant’s language', () => {
  it('answers in English, exactly as before, when nothing asks for Spanish', async () => {
    const response = await post('/api/tr/validate/company', badCompany);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'COMPANY ERRORS',
      message: {
        company_errors: { companyName: 'Field required.', companyZip: 'Zip code invalid.' },
        generalErrors: [],
      },
    });
    expect(response.headers['content-language']).toBe('en');
  });

  it('answers in Spanish for Accept-Language, keeping the codes', async () => {
    const response = await post('/api/tr/validate/company', badCompany, {
      'accept-language': 'fr-CA, es-MX;q=0.8, en;q=0.5',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'COMPANY ERRORS',
      message: {
        company_errors: {
          companyName: 'Campo obligatorio.',
          companyZip: 'Código postal no válido.',
        },
        generalErrors: [],
      },
    });
    expect(response.headers['content-language']).toBe('es');
    expect(response.headers.vary).toContain('Accept-Language');
  });

  it('lets an explicit ?lang= outrank Accept-Language', async () => {
    const spanish = await post(
      '/api/tr/validate/usertype?lang=es',
      { userType: 'owner' },
      {
        'accept-language': 'en',
      },
    );
    expect(spanish.json()).toEqual({
      code: 'USER TYPE ERROR',
      message: 'Seleccione Administrador o Probador.',
    });
    const english = await post(
      '/api/tr/validate/usertype?lang=en',
      { userType: 'owner' },
      {
        'accept-language': 'es',
      },
    );
    expect(english.json().message).toBe(MESSAGES.userTypeRequired);
  });

  it('fills template values in Spanish, per person and in the general list', async () => {
    const spanish = { 'accept-language': 'es' };
    const many = await post(
      '/api/tr/validate/admins',
      { adminInfo: Array.from({ length: 11 }, () => person()) },
      spanish,
    );
    expect(many.json().code).toBe('ADMIN ERRORS');
    expect(many.json().message.generalErrors).toEqual([
      'Se pueden registrar como máximo 10 administradores a la vez.',
    ]);
    const shared = person().userEmail;
    const twice = await post(
      '/api/tr/validate/admins',
      { adminInfo: [person({ userEmail: shared }), person({ userEmail: shared })] },
      spanish,
    );
    expect(twice.json().message.adminErrors[1].userEmail).toBe(
      'El correo electrónico de cada usuario debe ser único.',
    );
  });

  it('translates refusals from the error handler: an unknown link, a body of the wrong shape', async () => {
    const link = await t.app.inject({
      url: '/api/tr/get/orginfo/no-such-link',
      headers: { 'accept-language': 'es' },
      remoteAddress: uniqueIp(),
    });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({
      code: 'ORG URL INVALID',
      message:
        'El enlace al que intenta acceder no existe. Asegúrese de haberlo copiado correctamente.',
    });
    const shape = await post(
      '/api/tr/validate/testkits',
      { testKitInfo: [[[]]] },
      {
        'accept-language': 'es',
      },
    );
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toBe(
      'La solicitud no tiene la forma esperada: testKitInfo[0] debe ser un objeto.',
    );
  });

  it('never touches the data of an answer', async () => {
    const response = await t.app.inject({
      url: `/api/tr/get/orginfo/${organization.hash}`,
      headers: { 'accept-language': 'es' },
      remoteAddress: uniqueIp(),
    });
    expect(response.json().code).toBe('VALID URL');
    expect(response.json().message.orgInfo.org_name).toBe(organization.name);
  });

  it('keeps staff answers in English', async () => {
    const response = await post(
      '/api/sc/session/login',
      { email: 'nobody@example.org', password: 'wrong-password' },
      { 'accept-language': 'es' },
    );
    expect(response.statusCode).toBe(401);
    expect(JSON.stringify(response.json())).not.toMatch(/[áéíóúñ]/);
    expect(response.headers['content-language']).toBeUndefined();
  });
});
